import { useState, type FormEvent } from 'react';
import { Link } from 'wouter';
import { Plus } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { Select } from '../../../components/ui/select';
import { toast } from '../../../components/ui/toast-store';
import { serverMessageOf } from '../../../lib/api-request';
import { useCoursePapers } from '../../../lib/api/course-papers';
import { useCourses } from '../../../lib/api/courses';
import { useAssignPaper } from '../api/manage-class';
import { FieldError } from './field-error';

/** A date picked in the form ('2026-12-01') as the end of that day where the teacher is, in ISO form. */
export function dueAtFromDate(date: string): string | undefined {
  if (!date) return undefined;
  const end = new Date(`${date}T23:59:00`);
  return Number.isNaN(end.getTime()) ? undefined : end.toISOString();
}

function AssignPaperForm({ classId, onDone }: { classId: string; onDone: () => void }) {
  const courses = useCourses();
  const [courseId, setCourseId] = useState('');
  const papers = useCoursePapers(courseId || undefined);
  const [paperId, setPaperId] = useState('');
  const [due, setDue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const assign = useAssignPaper(classId);

  if (courses.isPending) return <p className="text-slate-600">Loading your courses...</p>;
  if (courses.isError) return <p role="alert">Your courses could not be loaded. Close this and try again.</p>;
  if (courses.data.length === 0) {
    return (
      <p>
        You have no question papers yet.{' '}
        <Link href="/" className="font-medium text-brand-700 underline">
          Create a course
        </Link>{' '}
        and its first paper is made for you.
      </p>
    );
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!paperId) {
      setError('Please choose a question paper');
      return;
    }
    setError(null);
    assign.mutate(
      { paperId, dueAt: dueAtFromDate(due) },
      {
        onSuccess: () => {
          toast({ title: 'Paper assigned', description: 'Your students see it on their home page.' });
          onDone();
        },
        onError: (e) => setError(serverMessageOf(e, 'The paper could not be assigned. Please try again.')),
      },
    );
  };

  const paperList = papers.data ?? [];
  return (
    <form noValidate onSubmit={submit} className="grid gap-4" aria-label="Assign a paper">
      <div className="grid gap-1.5">
        <Label htmlFor="assign-course">Course</Label>
        <Select
          id="assign-course"
          className="normal-case"
          value={courseId}
          onChange={(e) => {
            setCourseId(e.target.value);
            setPaperId('');
          }}
        >
          <option value="">Choose a course</option>
          {courses.data.map((c) => (
            <option key={c.id} value={c.id}>
              {c.title}
            </option>
          ))}
        </Select>
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor="assign-paper">Question paper</Label>
        <Select
          id="assign-paper"
          className="normal-case"
          value={paperId}
          disabled={!courseId || papers.isPending}
          aria-invalid={error && !paperId ? true : undefined}
          onChange={(e) => setPaperId(e.target.value)}
        >
          <option value="">{!courseId ? 'Choose a course first' : papers.isPending ? 'Loading papers...' : 'Choose a paper'}</option>
          {paperList.map((p) => (
            <option key={p.id} value={p.id}>
              {p.title} ({p.totalQuestions} {p.totalQuestions === 1 ? 'question' : 'questions'})
            </option>
          ))}
        </Select>
        {courseId && papers.isSuccess && paperList.length === 0 ? (
          <p className="text-sm text-slate-600">This course has no question papers yet.</p>
        ) : null}
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor="assign-due">Due date (optional)</Label>
        <Input id="assign-due" type="date" value={due} onChange={(e) => setDue(e.target.value)} />
      </div>
      <FieldError id="assign-error" message={error} />
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button type="button" variant="outline" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" disabled={assign.isPending}>
          {assign.isPending ? 'Assigning...' : 'Assign paper'}
        </Button>
      </div>
    </form>
  );
}

/** "Assign a paper": one of the teacher's own question papers, with an optional due date. */
export function AssignPaperDialog({ classId, disabled }: { classId: string; disabled?: boolean }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button onClick={() => setOpen(true)} disabled={disabled}>
        <Plus aria-hidden /> Assign a paper
      </Button>
      <Dialog open={open} onOpenChange={setOpen} title="Assign a paper" description="Choose one of your question papers for the class.">
        {open ? <AssignPaperForm classId={classId} onDone={() => setOpen(false)} /> : null}
      </Dialog>
    </>
  );
}
