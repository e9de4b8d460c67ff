import { Link, useParams } from 'wouter';
import { ArrowLeft, CalendarDays, CheckCircle2, ListChecks, Play, Trophy } from 'lucide-react';
import { PRACTICE_TEXT } from '../../../shared/practice-text';
import { LoadingBlock } from '../../components/loading-block';
import { NotFoundCard } from '../../components/not-found-card';
import { PaperProgressSummary, startLabel } from '../../components/paper-progress';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { usePaper } from '../../lib/api/paper';
import { useQuestions } from '../../lib/api/paper-questions';
import { formatQuestionType, formatShortDate, previewText } from '../../lib/format';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useUserAnswers } from '../../lib/api/user-answers';

export function PaperOverviewPage() {
  const params = useParams<{ courseId?: string; paperId: string }>();
  const paper = usePaper(params.paperId);
  const questions = useQuestions({ paperId: params.paperId });
  const userAnswers = useUserAnswers();
  useDocumentTitle(paper.data?.title ?? 'Question paper');

  if (paper.isPending) return <LoadingBlock text="Loading question paper..." />;
  if (paper.isError || !paper.data) {
    return <NotFoundCard title={PRACTICE_TEXT.paperNotFound} detail="This question paper doesn't exist or you don't have access to it." />;
  }
  const courseId = params.courseId ?? paper.data.courseId;
  const backHref = courseId ? `/courses/${courseId}/papers` : '/';
  const list = questions.data ?? [];
  const progress = paper.data.progress;
  // 'Start Exam' opens the first question (§2); once something is answered, 'Continue' opens the first unanswered one.
  const first = progress && progress.answered > 0 ? (list.find((q) => q.id === progress.nextQuestionId) ?? list[0]) : list[0];
  const startHref = first
    ? `/courses/${courseId}/papers/${paper.data.id}/questions/${first.id}`
    : `/courses/${courseId}/papers/${paper.data.id}/exam`;
  const resultsHref = `/courses/${courseId}/papers/${paper.data.id}/results`;
  const answered = new Set((userAnswers.data ?? []).filter((a) => a.text.trim().length > 0).map((a) => a.questionId));
  const created = formatShortDate(paper.data.createdAt) || 'Recently created';

  return (
    <div className="mx-auto max-w-4xl px-4 py-8">
      <Link href={backHref} className="mb-4 inline-flex items-center gap-1 text-sm text-slate-600 hover:text-slate-900">
        <ArrowLeft aria-hidden className="size-4" /> Back to Question Papers
      </Link>
      <Card>
        <CardHeader>
          <div className="flex flex-wrap items-center gap-2">
            <Badge tone={paper.data.difficultyLevel}>{paper.data.difficultyLevel}</Badge>
            <Badge tone="brand">{list.length || paper.data.totalQuestions} questions</Badge>
            <span className="flex items-center gap-1 text-xs text-slate-500">
              <CalendarDays aria-hidden className="size-3.5" /> {created}
            </span>
          </div>
          <h1 className="mt-2 text-2xl font-bold text-slate-900">{paper.data.title}</h1>
          {paper.data.description ? <p className="text-slate-600">{paper.data.description}</p> : null}
          <p className="text-sm text-slate-500">Topic: {paper.data.topic || 'General'}</p>
          {paper.data.generatedBy ? <p className="text-xs text-slate-500">Written by {paper.data.generatedBy}</p> : null}
        </CardHeader>
        <CardContent className="grid gap-4">
          <PaperProgressSummary progress={progress} total={list.length || paper.data.totalQuestions} />
          <div className="flex flex-wrap gap-2">
            <Button asChild size="lg" className="w-full sm:w-auto">
              <Link href={startHref}>
                <Play aria-hidden /> {startLabel(progress)}
              </Link>
            </Button>
            {progress?.finished || (progress && progress.answered > 0) ? (
              <Button asChild size="lg" variant="outline" className="w-full sm:w-auto">
                <Link href={resultsHref}>
                  <Trophy aria-hidden /> {progress.finished ? 'View results' : 'Results so far'}
                </Link>
              </Button>
            ) : null}
          </div>
        </CardContent>
      </Card>

      <Card className="mt-6">
        <CardHeader>
          <CardTitle className="flex items-center gap-2">
            <ListChecks aria-hidden className="size-5 text-brand-600" /> Questions
          </CardTitle>
        </CardHeader>
        <CardContent>
          {questions.isPending ? (
            <LoadingBlock text="Loading questions..." />
          ) : list.length === 0 ? (
            <p className="text-slate-600">No questions available for this paper.</p>
          ) : (
            <ol className="grid gap-3">
              {list.map((q) => (
                <li key={q.id}>
                  <Link
                    href={`/courses/${courseId}/papers/${paper.data.id}/questions/${q.id}`}
                    className="block rounded-lg border border-slate-200 p-4 hover:border-brand-300 hover:bg-brand-50/40"
                  >
                    <div className="flex flex-wrap items-center gap-2 text-sm">
                      <span className="font-semibold text-slate-900">Question {q.questionNumber}</span>
                      <Badge className="normal-case">{formatQuestionType(q.type)}</Badge>
                      <span className="text-slate-500">
                        {q.totalMarks} {q.totalMarks === 1 ? 'mark' : 'marks'}
                      </span>
                      {answered.has(q.id) ? (
                        <span className="flex items-center gap-1 text-emerald-700">
                          <CheckCircle2 aria-hidden className="size-4" /> Answered
                        </span>
                      ) : null}
                    </div>
                    <p className="mt-1 text-sm text-slate-700">{previewText(q.text)}</p>
                  </Link>
                </li>
              ))}
            </ol>
          )}
        </CardContent>
      </Card>
    </div>
  );
}
