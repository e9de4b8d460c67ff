import { useState, type FormEvent } from 'react';
import { Link } from 'wouter';
import { Sparkles } from 'lucide-react';
import { PRACTICE_TEXT } from '../../../../shared/practice-text';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { flashToast, toast } from '../../../components/ui/toast-store';
import { isApiError, serverMessageOf } from '../../../lib/api-request';
import { useCreateCourse } from '../api/create-course';
import { useSubjects } from '../api/subjects';

function joinNames(names: readonly string[]): string {
  return names.length > 1 ? `${names.slice(0, -1).join(', ')} and ${names.at(-1)}` : names.join('');
}

export function GenerateCourseCard() {
  const [subject, setSubject] = useState('');
  const createCourse = useCreateCourse();
  const subjects = useSubjects();
  const offline = Array.isArray(subjects.data?.offline) ? subjects.data.offline : [];
  const provider = typeof subjects.data?.provider === 'string' ? subjects.data.provider : null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!subject.trim()) {
      toast({ title: PRACTICE_TEXT.subjectRequiredTitle, description: PRACTICE_TEXT.subjectRequired, variant: 'destructive' });
      return;
    }
    createCourse.mutate(subject, {
      onSuccess: (course) => {
        flashToast({ title: 'Course created successfully!', description: `${course.title} has been added to your courses.` });
        window.location.assign('/');
      },
      onError: (error) => {
        // A clear reason from the server (e.g. a subject the offline bank does not cover) beats a generic one.
        const reason = isApiError(error) && error.status < 500 ? serverMessageOf(error, '') : '';
        toast({ title: 'Error', description: reason || 'Failed to create course. Please try again.', variant: 'destructive' });
      },
    });
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Sparkles aria-hidden className="size-5 text-brand-600" /> Generate New Course
        </CardTitle>
        <CardDescription>Creates a course with its first question paper, ready to practise.</CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={submit} className="grid gap-3">
          <Label htmlFor="course-subject">Subject</Label>
          <Input
            id="course-subject"
            value={subject}
            onChange={(e) => setSubject(e.target.value)}
            placeholder="Biology, Chemistry, Physics, etc."
            maxLength={80}
            disabled={createCourse.isPending}
          />
          {provider ? (
            <p className="text-xs text-slate-500">Type any subject you'd like to generate a course for.</p>
          ) : offline.length > 0 ? (
            <p className="text-xs text-slate-500">Works offline for {joinNames(offline)}.</p>
          ) : null}
          {offline.length > 0 ? (
            <div role="group" aria-label="Subjects that work offline" className="flex flex-wrap items-center gap-2">
              <span className="text-xs font-medium text-slate-600">Ready offline:</span>
              {offline.map((name) => (
                <Button
                  key={name}
                  type="button"
                  size="sm"
                  variant="outline"
                  aria-pressed={subject.trim().toLowerCase() === name.toLowerCase()}
                  onClick={() => setSubject(name)}
                  disabled={createCourse.isPending}
                >
                  {name}
                </Button>
              ))}
            </div>
          ) : null}
          <p className="text-xs text-slate-500">
            {provider ? `Other subjects are written by ${provider}, your school's AI provider. ` : null}
            Another subject?{' '}
            <Link href="/pdf-documents" className="font-medium text-brand-700 underline">
              Make a paper from your own PDF notes
            </Link>
            {provider ? ', which works for any notes.' : ', which works for any notes, or ask your school to connect an AI provider.'}
          </p>
          <Button type="submit" disabled={createCourse.isPending || !subject.trim()}>
            {createCourse.isPending ? 'Generating...' : 'Generate Course'}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
