import { useId, useState } from 'react';
import { DifficultyField, type DifficultyChoice } from '../../components/difficulty-field';
import { Link, useLocation, useParams } from 'wouter';
import { ArrowLeft, ListChecks } from 'lucide-react';
import { DEFAULT_DIFFICULTY, PRACTICE_TEXT, QUESTION_COUNT } from '../../../shared/practice-text';
import { SPECIFICATION_TEXT, type BoardId, type CourseSpecification, type SpecificationPoint } from '../../../shared/specification';
import { EmptyState } from '../../components/empty-state';
import { LoadingBlock } from '../../components/loading-block';
import { NotFoundCard } from '../../components/not-found-card';
import { PageHeader } from '../../components/page-header';
import { QuestionCountField } from '../../components/question-count-field';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { Label } from '../../components/ui/label';
import { ProgressBar } from '../../components/ui/progress-bar';
import { Select } from '../../components/ui/select';
import { toast } from '../../components/ui/toast-store';
import { isApiError, serverMessageOf } from '../../lib/api-request';
import { useCourse } from '../../lib/api/course';
import { useCourseSpecification, useSetCourseBoard } from '../../lib/api/course-specification';
import { useGeneratePaper } from '../../lib/api/generate-paper';
import { useDocumentTitle } from '../../lib/use-document-title';
import { formatPercentAsGiven } from '../../lib/format';

/** "72% from 5 marked answers", or that the point has not been practised. */
function masteryWords(point: SpecificationPoint): string {
  if (point.mastery === null) return point.questions === 0 ? 'No questions yet' : 'Not practised yet';
  return `${formatPercentAsGiven(point.mastery)} from ${point.marked} marked ${point.marked === 1 ? 'answer' : 'answers'}`;
}

function BoardChooser({ courseId, spec, owner }: { courseId: string; spec: CourseSpecification; owner: boolean }) {
  const id = useId();
  const [board, setBoard] = useState<BoardId | ''>(spec.courseBoard ?? '');
  const save = useSetCourseBoard(courseId);
  if (!owner) return null;
  return (
    <form
      className="flex flex-wrap items-end gap-3"
      onSubmit={(event) => {
        event.preventDefault();
        if (!board) return;
        save.mutate(board, {
          onError: (error) =>
            toast({
              title: 'The exam board was not saved',
              description: serverMessageOf(error, 'Please try again.'),
              variant: 'destructive',
            }),
        });
      }}
    >
      <div className="grid gap-2">
        <Label htmlFor={id}>Exam board</Label>
        <Select id={id} className="w-72 normal-case" value={board} onChange={(e) => setBoard(e.target.value as BoardId)}>
          <option value="" disabled>
            Choose a board
          </option>
          {spec.boards.map((b) => (
            <option key={b.id} value={b.id}>
              {b.name}: {b.title} ({b.code})
            </option>
          ))}
        </Select>
      </div>
      <Button type="submit" variant="outline" disabled={!board || board === spec.courseBoard || save.isPending}>
        {save.isPending ? 'Saving...' : 'Use this board'}
      </Button>
    </form>
  );
}

function PointRow({ point, checked, onToggle }: { point: SpecificationPoint; checked: boolean; onToggle: () => void }) {
  const id = useId();
  const none = point.questions === 0;
  return (
    <li className="grid gap-2 py-3 sm:grid-cols-[1fr_14rem] sm:items-center sm:gap-6">
      <div className="flex items-start gap-3">
        <input id={id} type="checkbox" className="mt-1 size-4 accent-brand-600" checked={checked} disabled={none} onChange={onToggle} />
        <label htmlFor={id} className={none ? 'text-slate-500' : 'text-slate-900'}>
          <span className="font-mono text-sm text-slate-600">{point.ref}</span> {point.title}
          <span className="block text-xs text-slate-600">
            {point.questions} {point.questions === 1 ? 'question' : 'questions'}
          </span>
        </label>
      </div>
      <div className="grid gap-1 pl-7 sm:pl-0">
        {point.mastery !== null ? <ProgressBar percent={point.mastery} label={`Mastery of ${point.ref}`} /> : null}
        <span className="text-xs text-slate-600">{masteryWords(point)}</span>
      </div>
    </li>
  );
}

export function SpecificationPage() {
  const { courseId } = useParams<{ courseId: string }>();
  const [, navigate] = useLocation();
  const course = useCourse(courseId);
  const spec = useCourseSpecification(courseId);
  const generate = useGeneratePaper();
  const [chosen, setChosen] = useState<Set<string>>(new Set());
  const [difficulty, setDifficulty] = useState<DifficultyChoice>(DEFAULT_DIFFICULTY);
  const [count, setCount] = useState<number>(QUESTION_COUNT.default);
  const formId = useId();
  useDocumentTitle(course.data ? `Specification: ${course.data.title}` : 'Specification');

  if (course.isPending || spec.isPending) return <LoadingBlock text="Loading the specification..." />;
  if (course.isError || spec.isError || !course.data || !spec.data) {
    const error = course.error ?? spec.error;
    // as the course page: a missing course (or someone else's) is the spec's "Course not found"
    if (!isApiError(error) || error.status === 404) {
      return <NotFoundCard title={PRACTICE_TEXT.courseNotFound} detail={PRACTICE_TEXT.courseNotFoundDetail} />;
    }
    return <NotFoundCard title="Something went wrong" detail={serverMessageOf(error, 'The specification could not be loaded.')} />;
  }
  const data = spec.data;
  const owner = data.canChooseBoard;
  const points = data.sections.flatMap((s) => s.points);
  const practised = points.filter((p) => p.mastery !== null);
  const toggle = (ref: string) =>
    setChosen((before) => {
      const next = new Set(before);
      if (next.has(ref)) next.delete(ref);
      else next.add(ref);
      return next;
    });

  const back = (
    <Button asChild variant="outline">
      <Link href={`/courses/${courseId}`}>
        <ArrowLeft aria-hidden /> Back to course
      </Link>
    </Button>
  );

  return (
    <div className="mx-auto max-w-6xl px-4 py-8 pb-24 lg:pb-8">
      <PageHeader
        title="Specification"
        description={
          data.board
            ? `${course.data.title}: ${data.board.name} ${data.board.title} (${data.board.code})`
            : `${course.data.title}: ${data.subject}`
        }
      >
        {back}
      </PageHeader>
      {data.boards.length === 0 ? (
        <EmptyState icon={ListChecks} title="No specification yet">
          {SPECIFICATION_TEXT.noSpecification(data.subject)}
        </EmptyState>
      ) : (
        <div className="grid gap-6 lg:grid-cols-[1fr_22rem]">
          <div className="grid gap-6">
            <Card>
              <CardHeader>
                <CardTitle>Your exam board</CardTitle>
                <CardDescription>
                  {data.board ? 'Questions are tagged with the points of each board they fit.' : SPECIFICATION_TEXT.chooseBoard}
                </CardDescription>
              </CardHeader>
              <CardContent>
                <BoardChooser key={data.courseBoard ?? 'none'} courseId={courseId} spec={data} owner={owner} />
                {data.board ? (
                  <p className="mt-3 text-sm text-slate-600">
                    {practised.length} of {points.length} points practised. Tick the points you want to revise and practise them together.
                  </p>
                ) : null}
              </CardContent>
            </Card>
            {data.sections.map((section) => (
              <section
                key={section.ref}
                aria-labelledby={`${formId}-${section.ref}`}
                className="rounded-xl border border-slate-200 bg-white px-5 py-4"
              >
                <h2 id={`${formId}-${section.ref}`} className="text-lg font-semibold text-slate-900">
                  <span className="font-mono text-base text-slate-600">{section.ref}</span> {section.title}
                </h2>
                <ul className="divide-y divide-slate-100">
                  {section.points.map((point) => (
                    <PointRow key={point.ref} point={point} checked={chosen.has(point.ref)} onToggle={() => toggle(point.ref)} />
                  ))}
                </ul>
              </section>
            ))}
          </div>
          {data.board ? (
            <aside>
              <Card className="lg:sticky lg:top-4">
                <CardHeader>
                  <CardTitle>Practise chosen points</CardTitle>
                  <CardDescription>
                    {chosen.size === 0
                      ? 'Tick one or more points.'
                      : `${chosen.size} ${chosen.size === 1 ? 'point' : 'points'}: ${[...chosen].join(', ')}`}
                  </CardDescription>
                </CardHeader>
                <CardContent>
                  <form
                    id={`${formId}-practise`}
                    className="grid gap-4"
                    onSubmit={(event) => {
                      event.preventDefault();
                      if (chosen.size === 0) return;
                      generate.mutate(
                        { courseId, specPoints: [...chosen], difficultyLevel: difficulty, questionCount: count },
                        {
                          onSuccess: (result) => {
                            toast({ title: 'Question paper generated successfully', description: result.note ?? result.paper.title });
                            navigate(`/courses/${courseId}/papers/${result.paper.id}`);
                          },
                          onError: (error) =>
                            toast({
                              title: 'Error generating question paper',
                              description: serverMessageOf(error, 'Please try again later'),
                              variant: 'destructive',
                            }),
                        },
                      );
                    }}
                  >
                    <DifficultyField id={`${formId}-difficulty`} value={difficulty} onChange={setDifficulty} />
                    <QuestionCountField id={`${formId}-count`} value={count} onChange={setCount} />
                    <Button type="submit" disabled={chosen.size === 0 || generate.isPending}>
                      {generate.isPending ? 'Generating...' : 'Generate Paper'}
                    </Button>
                  </form>
                </CardContent>
              </Card>
            </aside>
          ) : null}
          {data.board && chosen.size > 0 ? (
            // On a phone the form is below every section: a bar keeps the chosen points one tap from a paper.
            <div className="fixed inset-x-0 bottom-0 z-20 flex items-center justify-between gap-3 border-t border-slate-200 bg-white px-4 py-3 shadow-lg lg:hidden">
              <span className="text-sm text-slate-700">
                {chosen.size} {chosen.size === 1 ? 'point' : 'points'} chosen
              </span>
              <Button type="submit" form={`${formId}-practise`} disabled={generate.isPending}>
                {generate.isPending ? 'Generating...' : 'Generate Paper'}
              </Button>
            </div>
          ) : null}
        </div>
      )}
    </div>
  );
}
