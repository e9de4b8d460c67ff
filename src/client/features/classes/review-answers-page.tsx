import { useEffect, useId, useState } from 'react';
import { Link, useLocation, useParams, useSearch } from 'wouter';
import { ArrowLeft, ChevronLeft, ChevronRight } from 'lucide-react';
import type { ReviewStudentAnswer } from '../../../shared/question-review';
import { REVIEW_ANSWERS_TEXT, TRANSCRIPT_MAX_CHARS, reviewPath } from '../../../shared/question-review-text';
import { LoadingBlock } from '../../components/loading-block';
import { NotFoundCard } from '../../components/not-found-card';
import { PageHeader } from '../../components/page-header';
import { RichHtml } from '../../components/rich-html';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Label } from '../../components/ui/label';
import { Select } from '../../components/ui/select';
import { isApiError, serverMessageOf } from '../../lib/api-request';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useMarkbook } from './api/markbook';
import { useCorrectTranscript, useQuestionAnswers } from './api/question-answers';
import { OverrideForm } from './components/override-form';

/** j or → : the next student; k or ← : the previous one (not while typing in a field). */
function useStudentKeys(count: number, setIndex: (f: (i: number) => number) => void) {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const target = e.target as HTMLElement | null;
      if (target && (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName))) return;
      if (e.altKey || e.ctrlKey || e.metaKey) return;
      if (e.key === 'j' || e.key === 'ArrowRight') setIndex((i) => Math.min(count - 1, i + 1));
      else if (e.key === 'k' || e.key === 'ArrowLeft') setIndex((i) => Math.max(0, i - 1));
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [count, setIndex]);
}

function pointLine(p: ReviewStudentAnswer['points'][number]) {
  const max = p.marks ?? 1;
  const got = p.marks_awarded ?? (p.status === 'COVERED' ? max : 0);
  return `${got}/${max}`;
}

/** The corrected transcript form: the answer is marked again with the teacher's text. */
function CorrectTranscript({ classId, questionId, student }: { classId: string; questionId: string; student: ReviewStudentAnswer }) {
  const id = useId();
  const [text, setText] = useState(student.answer ?? '');
  const [error, setError] = useState<string | null>(null);
  const correct = useCorrectTranscript(classId);
  return (
    <form
      className="grid gap-2"
      aria-label={REVIEW_ANSWERS_TEXT.correct}
      onSubmit={(e) => {
        e.preventDefault();
        setError(null);
        if (!text.trim()) {
          setError(REVIEW_ANSWERS_TEXT.transcriptRequired);
          return;
        }
        correct.mutate(
          { studentId: student.studentId, questionId, text: text.trim() },
          { onError: (err) => setError(serverMessageOf(err, REVIEW_ANSWERS_TEXT.loadFailed)) },
        );
      }}
    >
      <Label htmlFor={`${id}-text`}>{REVIEW_ANSWERS_TEXT.correct}</Label>
      <p id={`${id}-hint`} className="text-xs text-slate-600">
        {REVIEW_ANSWERS_TEXT.correctHint}
      </p>
      <textarea
        id={`${id}-text`}
        aria-describedby={`${id}-hint`}
        className="min-h-24 w-full rounded-lg border border-slate-300 bg-white p-2 text-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600"
        maxLength={TRANSCRIPT_MAX_CHARS}
        value={text}
        onChange={(e) => setText(e.target.value)}
      />
      {error ? (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
      <div>
        <Button type="submit" size="sm" variant="outline" disabled={correct.isPending}>
          {correct.isPending ? 'Marking…' : REVIEW_ANSWERS_TEXT.saveCorrection}
        </Button>
      </div>
    </form>
  );
}

function StudentCard({ classId, questionId, student }: { classId: string; questionId: string; student: ReviewStudentAnswer }) {
  return (
    <div className="grid gap-4 md:grid-cols-2">
      <section aria-label="Answer" className="grid content-start gap-2 rounded-lg border border-slate-200 p-4">
        <h3 className="font-semibold text-slate-900">Answer</h3>
        {student.answer ? (
          <p className="whitespace-pre-line text-sm text-slate-800" data-testid="review-answer">
            {student.answer}
          </p>
        ) : (
          <p className="text-sm text-slate-600">{REVIEW_ANSWERS_TEXT.noAnswer}</p>
        )}
        {student.correction ? <p className="text-xs text-slate-600">{REVIEW_ANSWERS_TEXT.corrected(student.correction.by)}</p> : null}
        {/* keyed by the text: a new marking starts the form from it */}
        <CorrectTranscript key={student.answer ?? ''} classId={classId} questionId={questionId} student={student} />
      </section>
      <section aria-label="Marks" className="grid content-start gap-2 rounded-lg border border-slate-200 p-4">
        <h3 className="font-semibold text-slate-900">
          Marks:{' '}
          <span data-testid="review-marks">
            {student.marksAwarded === null ? REVIEW_ANSWERS_TEXT.notMarked : `${student.marksAwarded}/${student.totalMarks}`}
          </span>
        </h3>
        {student.overridden ? <Badge>{REVIEW_ANSWERS_TEXT.overridden}</Badge> : null}
        {student.markedBy ? <p className="text-xs text-slate-600">Marked by {student.markedBy}</p> : null}
        {student.points.length > 0 ? (
          <ul className="grid gap-1 text-sm">
            {student.points.map((p) => (
              <li key={p.point_id} className="flex justify-between gap-2 border-b border-slate-100 py-1">
                <span>{p.text}</span>
                <span className="shrink-0 font-medium">{pointLine(p)}</span>
              </li>
            ))}
          </ul>
        ) : null}
        <details>
          <summary className="cursor-pointer text-sm font-medium text-brand-700">{REVIEW_ANSWERS_TEXT.override}</summary>
          <OverrideForm
            key={student.studentId}
            classId={classId}
            studentId={student.studentId}
            studentName={student.name}
            questionId={questionId}
            totalMarks={student.totalMarks}
            points={student.points}
          />
        </details>
      </section>
    </div>
  );
}

/**
 * /classes/{id}/assignments/{assignmentId}/review[?question=…] (the class's teacher): one question at a time, one
 * student at a time (j/k or the arrow keys), the answer beside its marks; correct the transcript or change the mark.
 */
export function ReviewAnswersPage() {
  const { classId, assignmentId } = useParams<{ classId: string; assignmentId: string }>();
  const search = new URLSearchParams(useSearch());
  const [, navigate] = useLocation();
  const asked = search.get('question');
  // no question named: the assignment's first, from its markbook
  const markbook = useMarkbook(classId, !asked, assignmentId);
  const questionId = asked ?? markbook.data?.questions.find((q) => q.assignmentId === assignmentId)?.id ?? null;
  const answers = useQuestionAnswers(classId, assignmentId, questionId);
  const [index, setIndex] = useState(0);
  const data = answers.data;
  const count = data?.students.length ?? 0;
  useStudentKeys(count, setIndex);
  useDocumentTitle(data ? REVIEW_ANSWERS_TEXT.title(data.paperTitle) : 'Review answers');
  const back = (
    <Link href={`/classes/${encodeURIComponent(classId)}`} className="inline-flex items-center gap-1 text-sm text-brand-700 underline">
      <ArrowLeft aria-hidden className="size-4" /> {REVIEW_ANSWERS_TEXT.backToClass}
    </Link>
  );

  const error = answers.error ?? markbook.error;
  if (error) {
    if (isApiError(error) && error.status === 404)
      return (
        <NotFoundCard
          title="Not found"
          detail={serverMessageOf(error, 'Not found')}
          backHref={`/classes/${classId}`}
          backLabel={REVIEW_ANSWERS_TEXT.backToClass}
        />
      );
    return (
      <div className="mx-auto max-w-lg px-4 py-16 text-center" role="alert">
        <h1 className="text-2xl font-bold text-slate-900">Something went wrong</h1>
        <p className="mt-2 text-slate-600">{REVIEW_ANSWERS_TEXT.loadFailed}</p>
        <Button className="mt-6" onClick={() => void (answers.error ? answers.refetch() : markbook.refetch())}>
          Try again
        </Button>
      </div>
    );
  }
  if (!asked && markbook.data && !questionId) {
    return (
      <NotFoundCard
        title="No questions"
        detail="This assignment has no questions to review."
        backHref={`/classes/${classId}`}
        backLabel={REVIEW_ANSWERS_TEXT.backToClass}
      />
    );
  }
  if (!data) return <LoadingBlock text="Loading the answers..." />;
  const at = Math.min(index, Math.max(0, count - 1));
  const student = data.students[at];
  return (
    <div className="mx-auto grid max-w-6xl gap-6 px-4 py-8">
      {back}
      <PageHeader title={REVIEW_ANSWERS_TEXT.title(data.paperTitle)} />
      <div className="flex flex-wrap items-end gap-3">
        <div className="grid gap-1">
          <Label htmlFor="review-question">Question</Label>
          <Select
            id="review-question"
            className="w-40 normal-case"
            value={data.question.id}
            onChange={(e) => {
              setIndex(0);
              navigate(reviewPath(classId, assignmentId, e.target.value));
            }}
          >
            {data.questions.map((q) => (
              <option key={q.id} value={q.id}>
                {REVIEW_ANSWERS_TEXT.question(q.number)}
              </option>
            ))}
          </Select>
        </div>
      </div>
      <section aria-labelledby="review-question-heading" className="grid gap-2 rounded-lg bg-slate-50 p-4">
        <h2 id="review-question-heading" className="font-semibold text-slate-900">
          {REVIEW_ANSWERS_TEXT.question(data.question.number)} ({data.question.totalMarks} marks)
        </h2>
        <RichHtml html={data.question.text} className="text-sm text-slate-800" />
      </section>
      {count === 0 || !student ? (
        <p className="text-slate-600">{REVIEW_ANSWERS_TEXT.noStudents}</p>
      ) : (
        <section aria-labelledby="review-student-heading" className="grid gap-4">
          <div className="flex flex-wrap items-center justify-between gap-3">
            <div>
              <h2 id="review-student-heading" className="text-lg font-semibold text-slate-900">
                {student.name}
              </h2>
              <p className="text-sm text-slate-600" aria-live="polite" data-testid="review-position">
                {REVIEW_ANSWERS_TEXT.position(at + 1, count)}
              </p>
            </div>
            <div className="flex gap-2">
              <Button variant="outline" size="sm" disabled={at === 0} onClick={() => setIndex(at - 1)}>
                <ChevronLeft aria-hidden /> {REVIEW_ANSWERS_TEXT.previous}
              </Button>
              <Button variant="outline" size="sm" disabled={at >= count - 1} onClick={() => setIndex(at + 1)}>
                {REVIEW_ANSWERS_TEXT.next} <ChevronRight aria-hidden />
              </Button>
            </div>
          </div>
          <p className="text-xs text-slate-600">{REVIEW_ANSWERS_TEXT.keys}</p>
          <StudentCard key={`${student.studentId}-${data.question.id}`} classId={classId} questionId={data.question.id} student={student} />
        </section>
      )}
    </div>
  );
}
