import { Link, useParams } from 'wouter';
import { FileQuestion, ListChecks, Plus } from 'lucide-react';
import { PRACTICE_TEXT, subjectOrDefault } from '../../../shared/practice-text';
import { LoadingBlock } from '../../components/loading-block';
import { NotFoundCard } from '../../components/not-found-card';
import { PageHeader } from '../../components/page-header';
import { PaperGeneratorForm } from '../../components/paper-generator-form';
import { paperCreatedMessage } from '../../components/topic-check';
import { PaperMeta } from '../../components/paper-meta';
import { PaperProgressSummary, startLabel } from '../../components/paper-progress';
import { useDocumentTitle } from '../../lib/use-document-title';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { flashToast, toast } from '../../components/ui/toast-store';
import { isApiError, serverMessageOf } from '../../lib/api-request';
import { useCourse } from '../../lib/api/course';
import { useCoursePapers } from '../../lib/api/course-papers';
import { EmptyState } from '../../components/empty-state';
import { ExportCourseCard } from './components/export-course-card';
import { ImportQuestionsCard } from './components/import-questions-card';

export function CoursePage() {
  const { courseId } = useParams<{ courseId: string }>();
  const course = useCourse(courseId);
  const papers = useCoursePapers(courseId);
  useDocumentTitle(course.data?.title ?? 'Course');

  if (course.isPending) return <LoadingBlock text="Loading course..." />;
  if (course.isError || !course.data) {
    if (isApiError(course.error) && course.error.status !== 404) {
      return (
        <NotFoundCard
          title="Something went wrong"
          detail={serverMessageOf(course.error, 'The course could not be loaded. Please try again.')}
        />
      );
    }
    return <NotFoundCard title={PRACTICE_TEXT.courseNotFound} detail={PRACTICE_TEXT.courseNotFoundDetail} />;
  }
  const { subject, title } = course.data;
  const list = [...(papers.data ?? [])].sort((a, b) => a.createdAt.localeCompare(b.createdAt));

  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
      <PageHeader title={title} description={`Practice exam papers for ${subject}`}>
        <Button asChild variant="outline">
          <Link href={`/courses/${courseId}/specification`}>
            <ListChecks aria-hidden /> Specification
          </Link>
        </Button>
        <Button asChild variant="outline">
          <Link href={`/courses/${courseId}/papers`}>
            <Plus aria-hidden /> {list.length > 0 ? 'Generate More Papers' : 'Generate New Paper'}
          </Link>
        </Button>
      </PageHeader>
      <div className="grid gap-6 lg:grid-cols-[1fr_22rem]">
        <section aria-label="Question papers">
          {papers.isPending ? (
            <LoadingBlock text="Loading question papers..." />
          ) : list.length === 0 ? (
            <EmptyState icon={FileQuestion} title="No question papers yet">
              Generate one with the form beside this list.
            </EmptyState>
          ) : (
            <div className="grid gap-4 sm:grid-cols-2">
              {list.map((paper, index) => (
                <Card key={paper.id} className="flex flex-col">
                  <CardHeader>
                    <PaperMeta difficulty={paper.difficultyLevel} createdAt={paper.createdAt} />
                    <CardTitle>Paper {index + 1}</CardTitle>
                    <CardDescription>Topic: {paper.topic || 'General'}</CardDescription>
                  </CardHeader>
                  <CardContent className="mt-auto grid gap-3">
                    <PaperProgressSummary progress={paper.progress} total={paper.totalQuestions} />
                    <div className="flex items-center justify-between gap-3">
                      <span className="text-sm text-slate-600">
                        {paper.totalQuestions} {paper.totalQuestions === 1 ? 'question' : 'questions'}
                      </span>
                      <Button asChild size="sm">
                        <Link
                          href={
                            paper.progress && paper.progress.answered > 0 && paper.progress.nextQuestionId
                              ? `/courses/${courseId}/papers/${paper.id}/questions/${paper.progress.nextQuestionId}`
                              : `/courses/${courseId}/papers/${paper.id}`
                          }
                        >
                          {startLabel(paper.progress)}
                        </Link>
                      </Button>
                    </div>
                    <p className="flex flex-wrap gap-x-3 gap-y-1 text-xs text-slate-600">
                      <span>Export:</span>
                      <a className="underline" href={`/api/question-papers/${paper.id}/export?format=gift`} download>
                        GIFT
                      </a>
                      <a className="underline" href={`/api/question-papers/${paper.id}/export?format=xml`} download>
                        Moodle XML
                      </a>
                      <a className="underline" href={`/api/question-papers/${paper.id}/export?format=json`} download>
                        JSON
                      </a>
                    </p>
                  </CardContent>
                </Card>
              ))}
            </div>
          )}
        </section>
        <aside>
          <Card>
            <CardHeader>
              <CardTitle>Generate a question paper</CardTitle>
              <CardDescription>Choose a topic, how many questions and how hard.</CardDescription>
            </CardHeader>
            <CardContent>
              <PaperGeneratorForm
                courseId={course.data.id}
                subject={subject}
                onTopicMissing={() =>
                  toast({
                    title: PRACTICE_TEXT.topicRequiredTitle,
                    description: PRACTICE_TEXT.topicRequired(subjectOrDefault(subject)),
                    variant: 'destructive',
                  })
                }
                onGenerated={(result, topic) => {
                  flashToast({
                    title: 'Question paper generated successfully',
                    description: paperCreatedMessage(result, topic),
                  });
                  window.location.assign(`/courses/${courseId}`);
                }}
                onError={(error) =>
                  toast({
                    title: 'Error generating question paper',
                    description: serverMessageOf(error, 'Please try again later'),
                    variant: 'destructive',
                  })
                }
              />
            </CardContent>
          </Card>
          <div className="mt-6">
            <ImportQuestionsCard courseId={course.data.id} />
          </div>
          <div className="mt-6">
            <ExportCourseCard courseId={course.data.id} />
          </div>
        </aside>
      </div>
    </div>
  );
}
