import { BookOpen } from 'lucide-react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { plural, type CoursePerformance } from '../analytics-data';
import { ANALYTICS_TEXT } from '../analytics-text';
import { InlineEmpty } from './inline-empty';
import { ProgressBar } from './progress-bar';
import { ScoreValue, scoreBarClass } from './score-value';

/**
 * §2 Overview: one card per course — its name, average score to one decimal in its §9 colour, a bar of that
 * score, and the questions answered out of the course's questions.
 */
/** The empty state of every per-course list. */
export function NoCoursesYet() {
  return (
    <InlineEmpty icon={BookOpen} title={ANALYTICS_TEXT.noCourses}>
      Generate a course on the home page to start practising.
    </InlineEmpty>
  );
}

export function CoursePerformanceCards({ courses }: { courses: CoursePerformance[] }) {
  if (courses.length === 0) return <NoCoursesYet />;
  return (
    <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      {courses.map((course) => (
        <Card key={course.courseId} role="article" aria-label={course.title} className="min-w-0">
          <CardHeader>
            <CardTitle className="break-words text-base">{course.title}</CardTitle>
            <CardDescription>{course.subject}</CardDescription>
          </CardHeader>
          <CardContent className="grid gap-2">
            <div className="flex items-baseline justify-between gap-2">
              <span className="text-sm text-slate-600">Average score</span>
              <ScoreValue score={course.averageScore} className="text-xl" />
            </div>
            <ProgressBar
              value={course.averageScore ?? 0}
              label={`${course.title} average score`}
              barClassName={scoreBarClass(course.averageScore)}
            />
            <p className="text-sm text-slate-600">
              {plural(course.questionsAnswered, 'question')} answered
              <span className="text-slate-500"> of {course.questionsAvailable}</span>
            </p>
          </CardContent>
        </Card>
      ))}
    </div>
  );
}
