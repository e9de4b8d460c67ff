import { useState } from 'react';
import { KeyRound, UserMinus, Users } from 'lucide-react';
import type { ClassStudent } from '../../../../shared/classes';
import type { ResetCodeResponse } from '../../../../shared/password-reset';
import { EmptyState } from '../../../components/empty-state';
import { Button } from '../../../components/ui/button';
import { toast } from '../../../components/ui/toast-store';
import { serverMessageOf } from '../../../lib/api-request';
import { formatShortDate } from '../../../lib/format';
import { useRemoveStudent } from '../api/manage-class';
import { useIssueResetCode } from '../api/reset-code';
import { ConfirmDialog } from './confirm-dialog';
import { ResetCodeDialog } from './reset-code-dialog';

export function studentName(student: Pick<ClassStudent, 'firstName' | 'lastName' | 'email'>): string {
  const name = [student.firstName, student.lastName].filter(Boolean).join(' ').trim();
  return name || student.email;
}

/** The class's students with when they joined, their last activity, "Reset code" (a forgotten password) and "Remove" (asked first). */
export function StudentsList({ classId, students }: { classId: string; students: ClassStudent[] }) {
  const remove = useRemoveStudent(classId);
  const [removing, setRemoving] = useState<ClassStudent | null>(null);
  const issueCode = useIssueResetCode(classId);
  const [issued, setIssued] = useState<{ student: ClassStudent; code: ResetCodeResponse } | null>(null);
  const resetCode = (student: ClassStudent) =>
    issueCode.mutate(student.userId, {
      onSuccess: (code) => setIssued({ student, code }),
      onError: (e) => toast({ title: 'No reset code', description: serverMessageOf(e, 'Please try again later'), variant: 'destructive' }),
    });

  if (students.length === 0) {
    return (
      <EmptyState icon={Users} title="No students yet">
        Share the join code or link: students appear here as soon as they join.
      </EmptyState>
    );
  }
  return (
    <>
      <ul className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white" aria-label="Students">
        {students.map((student) => (
          <li key={student.userId} className="flex flex-col gap-2 p-4 sm:flex-row sm:items-center sm:justify-between">
            <div className="min-w-0">
              <p className="font-medium text-slate-900">{studentName(student)}</p>
              <p className="truncate text-sm text-slate-600">{student.email}</p>
              <p className="text-xs text-slate-500">
                Joined {formatShortDate(student.joinedAt)} · Last activity{' '}
                {student.lastActivityAt ? formatShortDate(student.lastActivityAt) : 'none yet'}
              </p>
            </div>
            <div className="flex gap-2 self-start sm:self-auto">
              <Button
                variant="outline"
                size="sm"
                aria-label={`Reset code for ${studentName(student)}`}
                disabled={issueCode.isPending}
                onClick={() => resetCode(student)}
              >
                <KeyRound aria-hidden /> Reset code
              </Button>
              <Button variant="outline" size="sm" aria-label={`Remove ${studentName(student)}`} onClick={() => setRemoving(student)}>
                <UserMinus aria-hidden /> Remove
              </Button>
            </div>
          </li>
        ))}
      </ul>
      <ResetCodeDialog
        studentName={issued ? studentName(issued.student) : ''}
        issued={issued?.code ?? null}
        onClose={() => setIssued(null)}
      />
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => (open ? null : setRemoving(null))}
        title={`Remove ${removing ? studentName(removing) : 'student'}?`}
        description="They leave the class at once: you no longer see their work, and its papers leave their Assigned list. Their own answers are kept."
        confirmLabel="Remove student"
        pending={remove.isPending}
        onConfirm={() =>
          removing &&
          remove.mutate(removing.userId, {
            onSuccess: () => {
              toast({ title: 'Student removed', description: `${studentName(removing)} is no longer in the class.` });
              setRemoving(null);
            },
            onError: (e) =>
              toast({ title: 'Could not remove', description: serverMessageOf(e, 'Please try again later'), variant: 'destructive' }),
          })
        }
      />
    </>
  );
}
