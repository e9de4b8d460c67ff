import { useState, type FormEvent } from 'react';
import { Sparkles } from 'lucide-react';
import { PRACTICE_TEXT } from '../../../../shared/practice-text';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { flashToast, toast } from '../../../components/ui/toast-store';
import { isApiError, serverMessageOf } from '../../../lib/api-request';
import { useCreateCourse } from '../api/create-course';

export function GenerateCourseCard() {
  const [subject, setSubject] = useState('');
  const createCourse = useCreateCourse();

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
          <p className="text-xs text-slate-500">Type any subject you'd like to generate a course for.</p>
          <Button type="submit" disabled={createCourse.isPending || !subject.trim()}>
            {createCourse.isPending ? 'Generating...' : 'Generate Course'}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
