import { useState, type FormEvent } from 'react';
import { Link } from 'wouter';
import { Plus } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { Label } from '../../../components/ui/label';
import { Select } from '../../../components/ui/select';
import { toast } from '../../../components/ui/toast-store';
import { useCoursePapers } from '../../../lib/api/course-papers';
import { useCourses } from '../../../lib/api/courses';
import { useAssignPaper } from '../api/manage-class';
import {
  DEFAULT_SETTINGS,
  createRequest,
  settingsErrorsOf,
  validateSettings,
  type SettingsErrors,
  type SettingsFormValues,
} from '../assignment-settings-model';
import { AssignmentSettingsFields } from './assignment-settings-fields';
import { FieldError } from './field-error';

function AssignPaperForm({ classId, onDone }: { classId: string; onDone: () => void }) {
  const courses = useCourses();
  const [courseId, setCourseId] = useState('');
  const papers = useCoursePapers(courseId || undefined);
  const [paperId, setPaperId] = useState('');
  const [values, setValues] = useState<SettingsFormValues>(DEFAULT_SETTINGS);
  const [errors, setErrors] = useState<SettingsErrors>({});
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
    const checked = validateSettings(values, { dueChanged: true });
    setErrors(checked);
    if (!paperId) {
      setError('Please choose a question paper');
      return;
    }
    setError(null);
    if (Object.keys(checked).length > 0) return;
    assign.mutate(createRequest(paperId, values), {
      onSuccess: () => {
        toast({ title: 'Paper assigned', description: 'Your students see it on their home page.' });
        onDone();
      },
      onError: (e) => {
        const found = settingsErrorsOf(e, 'The paper could not be assigned. Please try again.');
        if (found.form) setError(found.form);
        else setErrors(found);
      },
    });
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
      <AssignmentSettingsFields idPrefix="assign" values={values} errors={errors} onChange={setValues} />
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

/** "Assign a paper": one of the teacher's own question papers, with an optional due date and its assessment settings. */
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
