import { Link } from 'wouter';
import { BookOpen } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Skeleton } from '../../../components/ui/skeleton';
import { useCourses } from '../../../lib/api/courses';
import { EmptyState } from '../../../components/empty-state';
import { formatPercentAsGiven } from '../../../lib/format';

export function CourseList({ onNewCourse }: { onNewCourse: () => void }) {
  const courses = useCourses();
  if (courses.isPending) {
    return (
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-busy="true" aria-label="Loading courses">
        {[0, 1, 2].map((i) => (
          <Card key={i} data-testid="course-skeleton">
            <CardHeader>
              <Skeleton className="h-5 w-2/3" />
              <Skeleton className="h-4 w-1/3" />
            </CardHeader>
            <CardContent>
              <Skeleton className="h-9 w-full" />
            </CardContent>
          </Card>
        ))}
      </div>
    );
  }
  if (courses.isError) {
    return (
      <div role="alert" className="rounded-xl border border-red-200 bg-red-50 p-5 text-sm text-red-700">
        Your courses could not be loaded.{' '}
        <button className="font-medium underline" onClick={() => courses.refetch()}>
          Try again
        </button>
      </div>
    );
  }
  if (courses.data.length === 0) {
    return (
      <EmptyState icon={BookOpen} title="No courses available" action={<Button onClick={onNewCourse}>Create your first course</Button>}>
        Generate a course for a subject and its first question paper is created for you.
      </EmptyState>
    );
  }
  return (
    <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      {courses.data.map((course) => (
        <Card key={course.id} role="article" aria-label={course.title} className="flex flex-col">
          <CardHeader>
            <CardTitle>{course.title}</CardTitle>
            <CardDescription>{course.subject}</CardDescription>
            {course.progress && course.progress.answered > 0 ? (
              <p className="text-sm text-slate-600">
                {course.progress.answered} answered
                {course.progress.averageScore !== null ? ` · average ${formatPercentAsGiven(course.progress.averageScore)}` : ''}
              </p>
            ) : null}
          </CardHeader>
          <CardContent className="mt-auto flex items-center justify-between gap-3">
            <span className="text-sm text-slate-600">
              <strong className="text-slate-900">{course.totalQuestions}</strong> questions available
            </span>
            <Button asChild size="sm">
              <Link href={`/courses/${course.id}`}>View Course</Link>
            </Button>
          </CardContent>
        </Card>
      ))}
    </div>
  );
}
