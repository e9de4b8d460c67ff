import { Link, useParams } from 'wouter';
import { ArrowLeft, CalendarDays, ListChecks, Play } from 'lucide-react';
import { PRACTICE_TEXT } from '../../../shared/practice';
import { LoadingBlock } from '../../components/loading-block';
import { NotFoundCard } from '../../components/not-found-card';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { usePaper } from '../../lib/api/paper';
import { useQuestions } from '../../lib/api/paper-questions';
import { formatQuestionType, formatShortDate, previewText } from '../../lib/format';

export function PaperOverviewPage() {
  const params = useParams<{ courseId?: string; paperId: string }>();
  const paper = usePaper(params.paperId);
  const questions = useQuestions({ paperId: params.paperId });

  if (paper.isPending) return <LoadingBlock text="Loading question paper..." />;
  if (paper.isError || !paper.data) {
    return <NotFoundCard title={PRACTICE_TEXT.paperNotFound} detail="This question paper doesn't exist or you don't have access to it." />;
  }
  const courseId = params.courseId ?? paper.data.courseId;
  const backHref = courseId ? `/courses/${courseId}/papers` : '/';
  const list = questions.data ?? [];
  const first = list[0];
  const startHref = first
    ? `/courses/${courseId}/papers/${paper.data.id}/questions/${first.id}`
    : `/courses/${courseId}/papers/${paper.data.id}/exam`;
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
        <CardContent>
          <Button asChild size="lg" className="w-full sm:w-auto">
            <Link href={startHref}>
              <Play aria-hidden /> Start Exam
            </Link>
          </Button>
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
