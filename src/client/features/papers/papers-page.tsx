import { useState } from 'react';
import { Link, useParams } from 'wouter';
import { ArrowLeft, FileQuestion, Plus } from 'lucide-react';
import { type Paper } from '../../../shared/practice';
import { PRACTICE_TEXT, subjectOrDefault } from '../../../shared/practice-text';
import { LoadingBlock } from '../../components/loading-block';
import { NotFoundCard } from '../../components/not-found-card';
import { PaperProgressSummary } from '../../components/paper-progress';
import { PageHeader } from '../../components/page-header';
import { PaperGeneratorForm } from '../../components/paper-generator-form';
import { paperCreatedMessage } from '../../components/topic-check';
import { PaperMeta } from '../../components/paper-meta';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { Sheet } from '../../components/ui/sheet';
import { toast } from '../../components/ui/toast-store';
import { serverMessageOf } from '../../lib/api-request';
import { useCourse } from '../../lib/api/course';
import { useCoursePapers } from '../../lib/api/course-papers';
import { EmptyState } from '../../components/empty-state';

/** Papers grouped by topic, topics in alphabetical order, a missing topic as 'General'. */
export function groupPapersByTopic(papers: Paper[]): [string, Paper[]][] {
  const groups = new Map<string, Paper[]>();
  for (const paper of papers) {
    const topic = paper.topic?.trim() || 'General';
    groups.set(topic, [...(groups.get(topic) ?? []), paper]);
  }
  return [...groups.entries()].sort(([a], [b]) => a.localeCompare(b));
}

export function PapersPage() {
  const { courseId } = useParams<{ courseId: string }>();
  const course = useCourse(courseId);
  const papers = useCoursePapers(courseId);
  const [sheetOpen, setSheetOpen] = useState(false);

  if (course.isPending) return <LoadingBlock text="Loading course..." />;
  if (course.isError || !course.data)
    return <NotFoundCard title={PRACTICE_TEXT.courseNotFound} detail={PRACTICE_TEXT.courseNotFoundDetail} />;

  const groups = groupPapersByTopic(papers.data ?? []);
  const generator = (
    <Sheet
      open={sheetOpen}
      onOpenChange={setSheetOpen}
      title="Generate Question Paper"
      description={`A new ${subjectOrDefault(course.data.subject)} paper on the topic you choose.`}
      trigger={
        <Button>
          <Plus aria-hidden /> Generate Question Paper
        </Button>
      }
    >
      {/* No onTopicMissing: here the button stays disabled until a topic is typed (§5). */}
      <PaperGeneratorForm
        courseId={course.data.id}
        subject={course.data.subject}
        onGenerated={(result, topic) => {
          setSheetOpen(false);
          toast({
            title: 'Question paper generated successfully',
            description: paperCreatedMessage(result, topic),
          });
        }}
        onError={(error) => {
          console.error('Paper generation failed', error);
          toast({
            title: 'Error generating question paper',
            description: serverMessageOf(error, 'Please try again later'),
            variant: 'destructive',
          });
        }}
      />
    </Sheet>
  );

  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
      <Link href={`/courses/${courseId}`} className="mb-4 inline-flex items-center gap-1 text-sm text-slate-600 hover:text-slate-900">
        <ArrowLeft aria-hidden className="size-4" /> Back to {course.data.title}
      </Link>
      <PageHeader title="Question Papers" description={`${course.data.title} · ${course.data.subject}`}>
        {generator}
      </PageHeader>
      {papers.isPending ? (
        <LoadingBlock text="Loading question papers..." />
      ) : groups.length === 0 ? (
        <EmptyState icon={FileQuestion} title="No question papers yet">
          Generate one to start practising.
        </EmptyState>
      ) : (
        <div className="grid gap-8">
          {groups.map(([topic, list]) => (
            <section key={topic} aria-labelledby={`topic-${topic}`}>
              <h2 id={`topic-${topic}`} className="mb-3 text-lg font-semibold text-slate-900">
                {topic}
              </h2>
              <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
                {list.map((paper) => (
                  <Link key={paper.id} href={`/courses/${courseId}/papers/${paper.id}`} className="group">
                    <Card className="h-full transition-shadow group-hover:shadow-md">
                      <CardHeader>
                        <PaperMeta difficulty={paper.difficultyLevel} createdAt={paper.createdAt} />
                        <CardTitle className="text-base">{paper.title}</CardTitle>
                        {paper.description ? <CardDescription className="line-clamp-3">{paper.description}</CardDescription> : null}
                      </CardHeader>
                      <CardContent className="grid gap-2 text-sm text-slate-600">
                        <span>{paper.totalQuestions} questions</span>
                        <PaperProgressSummary progress={paper.progress} total={paper.totalQuestions} />
                      </CardContent>
                    </Card>
                  </Link>
                ))}
              </div>
            </section>
          ))}
        </div>
      )}
    </div>
  );
}
