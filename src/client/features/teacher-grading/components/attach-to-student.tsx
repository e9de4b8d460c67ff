import { useState, type FormEvent } from 'react';
import { Link } from 'wouter';
import { Loader2, UserCheck, UserPlus } from 'lucide-react';
import type { GradingResult } from '../../../../shared/teacher';
import { ATTACH_TEXT } from '../../../../shared/teacher-text';
import { Button } from '../../../components/ui/button';
import { Label } from '../../../components/ui/label';
import { Select } from '../../../components/ui/select';
import { serverMessageOf } from '../../../lib/api-request';
import { useAttachResult, useClassStudents, useDetachResult, useTeachingClasses } from '../api/attach-result';

function studentName(s: { firstName: string | null; lastName: string | null; email: string }): string {
  return [s.firstName, s.lastName].filter(Boolean).join(' ').trim() || s.email;
}

/** Class → student: attaching the result puts it in that class's markbook under the student. */
function AttachForm({ result, onUpdated }: { result: GradingResult; onUpdated: (r: GradingResult) => void }) {
  const classes = useTeachingClasses();
  const [classId, setClassId] = useState('');
  const [studentId, setStudentId] = useState('');
  const [error, setError] = useState<string | null>(null);
  const students = useClassStudents(classId);
  const attach = useAttachResult();

  if (classes.isPending) return <p className="text-sm text-slate-600">Loading your classes...</p>;
  if (classes.isError) return <p className="text-sm text-slate-600">Your classes could not be loaded.</p>;
  const teaching = classes.data.filter((c) => !c.archived);
  if (teaching.length === 0) {
    return (
      <p className="text-sm text-slate-600">
        To attach results to your students, create a class on the{' '}
        <Link href="/classes" className="font-medium text-brand-700 underline">
          Classes
        </Link>{' '}
        page and share its join code.
      </p>
    );
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!classId) return setError(ATTACH_TEXT.classRequired);
    if (!studentId) return setError(ATTACH_TEXT.studentRequired);
    setError(null);
    attach.mutate(
      { id: result.id, classId, studentId },
      {
        onSuccess: onUpdated,
        onError: (e) => setError(serverMessageOf(e, 'The result could not be attached. Please try again.')),
      },
    );
  };

  const list = students.data ?? [];
  return (
    <form noValidate onSubmit={submit} aria-label="Choose whom to attach it to" className="grid gap-3 sm:grid-cols-2">
      <div className="grid gap-1.5">
        <Label htmlFor={`attach-class-${result.id}`}>Class</Label>
        <Select
          id={`attach-class-${result.id}`}
          className="normal-case"
          value={classId}
          onChange={(e) => {
            setClassId(e.target.value);
            setStudentId('');
            setError(null);
          }}
        >
          <option value="">Choose a class</option>
          {teaching.map((c) => (
            <option key={c.id} value={c.id}>
              {c.name}
            </option>
          ))}
        </Select>
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor={`attach-student-${result.id}`}>Student</Label>
        <Select
          id={`attach-student-${result.id}`}
          className="normal-case"
          value={studentId}
          disabled={!classId || students.isPending}
          onChange={(e) => {
            setStudentId(e.target.value);
            setError(null);
          }}
        >
          <option value="">
            {!classId
              ? 'Choose a class first'
              : students.isPending
                ? 'Loading students...'
                : list.length
                  ? 'Choose a student'
                  : 'No students yet'}
          </option>
          {list.map((s) => (
            <option key={s.userId} value={s.userId}>
              {studentName(s)}
            </option>
          ))}
        </Select>
      </div>
      {error ? (
        <p role="alert" className="text-sm text-red-700 sm:col-span-2">
          {error}
        </p>
      ) : null}
      <Button type="submit" variant="outline" className="sm:col-span-2" disabled={attach.isPending}>
        {attach.isPending ? <Loader2 aria-hidden className="animate-spin" /> : <UserPlus aria-hidden />}
        {attach.isPending ? 'Attaching...' : 'Attach to student'}
      </Button>
    </form>
  );
}

/**
 * "Attach to a student" (issue 16): the graded sheet goes into a class's markbook under one of its students.
 * Once attached, it says to whom (and whether they are still in the class), and can be taken off again.
 */
export function AttachToStudent({ result, onUpdated }: { result: GradingResult; onUpdated: (r: GradingResult) => void }) {
  const detach = useDetachResult();
  const [changing, setChanging] = useState(false);
  const attachment = result.attachment ?? null;
  return (
    <section aria-labelledby={`attach-heading-${result.id}`} className="grid gap-2 rounded-lg border border-slate-200 p-3">
      <h3 id={`attach-heading-${result.id}`} className="text-sm font-semibold text-slate-900">
        Attach to a student
      </h3>
      {attachment && !changing ? (
        <div className="grid gap-2">
          <p className="flex items-start gap-2 text-sm text-slate-700" data-testid="attached-to">
            <UserCheck aria-hidden className="mt-0.5 size-4 shrink-0 text-emerald-600" />
            <span>
              Attached to <strong>{attachment.studentName}</strong> in {attachment.className}
              {attachment.inClass ? ': it is in the class’s markbook.' : ' (no longer in the class, so not in its markbook).'}
            </span>
          </p>
          <div className="flex flex-wrap gap-2">
            <Button type="button" size="sm" variant="outline" onClick={() => setChanging(true)}>
              Change student
            </Button>
            <Button
              type="button"
              size="sm"
              variant="ghost"
              disabled={detach.isPending}
              onClick={() =>
                detach.mutate(result.id, {
                  onSuccess: () => onUpdated({ ...result, attachment: null }),
                })
              }
            >
              {detach.isPending ? 'Taking off...' : 'Take off the markbook'}
            </Button>
          </div>
          {detach.isError ? (
            <p role="alert" className="text-sm text-red-700">
              {serverMessageOf(detach.error, 'The result could not be taken off. Please try again.')}
            </p>
          ) : null}
        </div>
      ) : (
        <>
          <p className="text-xs text-slate-600">The result appears in the class’s markbook under the student, with this breakdown.</p>
          <AttachForm
            result={result}
            onUpdated={(r) => {
              setChanging(false);
              onUpdated(r);
            }}
          />
        </>
      )}
    </section>
  );
}
