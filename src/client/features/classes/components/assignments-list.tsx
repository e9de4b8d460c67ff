import { useState, type ReactNode } from 'react';
import { Link } from 'wouter';
import { ClipboardList, Trash2 } from 'lucide-react';
import type { Assignment } from '../../../../shared/classes';
import { AssignmentProgressText, DueDate, assignedPaperHref, assignmentActionLabel } from '../../../components/assignment-status';
import { EmptyState } from '../../../components/empty-state';
import { Button } from '../../../components/ui/button';
import { toast } from '../../../components/ui/toast-store';
import { serverMessageOf } from '../../../lib/api-request';
import { useRemoveAssignment } from '../api/manage-class';
import { ConfirmDialog } from './confirm-dialog';

function marksWord(n: number): string {
  return `${n} ${n === 1 ? 'mark' : 'marks'}`;
}

/** The class's assigned papers: for the teacher with "Remove", for a student with their progress and a link to the paper. */
export function AssignmentsList({
  classId,
  assignments,
  role,
  emptyAction,
}: {
  classId: string;
  assignments: Assignment[];
  role: 'teacher' | 'student';
  emptyAction?: ReactNode;
}) {
  const remove = useRemoveAssignment(classId);
  const [removing, setRemoving] = useState<Assignment | null>(null);

  if (assignments.length === 0) {
    return (
      <EmptyState icon={ClipboardList} title="No papers assigned yet" action={emptyAction}>
        {role === 'teacher'
          ? 'Assign one of your question papers: your students see it on their home page.'
          : 'Papers your teacher sets appear here.'}
      </EmptyState>
    );
  }
  return (
    <>
      <ul className="grid gap-3" aria-label="Assigned papers">
        {assignments.map((a) => {
          const progress = a.progress;
          return (
            <li key={a.id} className="rounded-xl border border-slate-200 bg-white p-4">
              <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
                <div className="min-w-0 grid gap-1">
                  <h3 className="font-semibold text-slate-900">{a.paperTitle}</h3>
                  <p className="text-sm text-slate-600">
                    {a.courseTitle} · {a.questionCount} {a.questionCount === 1 ? 'question' : 'questions'} · {marksWord(a.totalMarks)}
                  </p>
                  <DueDate dueAt={a.dueAt} finished={progress?.finished ?? false} />
                </div>
                {role === 'teacher' ? (
                  <Button variant="outline" size="sm" aria-label={`Remove ${a.paperTitle}`} onClick={() => setRemoving(a)}>
                    <Trash2 aria-hidden /> Remove
                  </Button>
                ) : (
                  <Button asChild size="sm" className="w-full sm:w-auto">
                    <Link
                      href={assignedPaperHref(a.paperId)}
                      aria-label={`${assignmentActionLabel(progress?.answered ?? 0, progress?.finished ?? false)} ${a.paperTitle}`}
                    >
                      {assignmentActionLabel(progress?.answered ?? 0, progress?.finished ?? false)}
                    </Link>
                  </Button>
                )}
              </div>
              {role === 'student' && progress ? (
                <div className="mt-3">
                  <AssignmentProgressText
                    answered={progress.answered}
                    questionCount={a.questionCount}
                    score={progress.score}
                    finished={progress.finished}
                  />
                </div>
              ) : null}
            </li>
          );
        })}
      </ul>
      {role === 'teacher' ? (
        <ConfirmDialog
          open={removing !== null}
          onOpenChange={(open) => (open ? null : setRemoving(null))}
          title={`Remove ${removing?.paperTitle ?? 'this paper'} from the class?`}
          description="It leaves your students' Assigned lists and the markbook. Their answers are kept."
          confirmLabel="Remove paper"
          pending={remove.isPending}
          onConfirm={() =>
            removing &&
            remove.mutate(removing.id, {
              onSuccess: () => setRemoving(null),
              onError: (e) =>
                toast({ title: 'Could not remove', description: serverMessageOf(e, 'Please try again later'), variant: 'destructive' }),
            })
          }
        />
      ) : null}
    </>
  );
}
