import { useState, type ReactNode } from 'react';
import { Link } from 'wouter';
import { ClipboardCheck, ClipboardList, Megaphone, Printer, RefreshCw, Settings2, Trash2 } from 'lucide-react';
import type { RemarkSummary } from '../../../../shared/assignments';
import type { Assignment } from '../../../../shared/classes';
import { CLASS_SET_TEXT, classSetPdfUrl } from '../../../../shared/class-set-text';
import { REVIEW_ANSWERS_TEXT, reviewPath } from '../../../../shared/question-review-text';
import {
  AssignmentProgressText,
  AssignmentStatusBadge,
  DueDate,
  assignedPaperHref,
  assignmentActionLabel,
} from '../../../components/assignment-status';
import { EmptyState } from '../../../components/empty-state';
import { formatMarks } from '../../../components/paper-progress';
import { Button } from '../../../components/ui/button';
import { toast } from '../../../components/ui/toast-store';
import { serverMessageOf } from '../../../lib/api-request';
import { settingsInWords, withheldWords } from '../../../lib/assignment-words';
import { useRemoveAssignment } from '../api/manage-class';
import { useReleaseAssignment } from '../api/release-assignment';
import { useRemarkAssignment } from '../api/remark-assignment';
import { ASSIGNMENT_ACTION } from '../class-text';
import { ConfirmDialog } from './confirm-dialog';
import { EditSettingsDialog } from './edit-settings-dialog';
import { RemarkSummaryDialog } from './remark-summary-dialog';
import { UploadScans } from './upload-scans';
import { formatPercentAsGiven } from '../../../lib/format';

function marksWord(n: number): string {
  return `${n} ${n === 1 ? 'mark' : 'marks'}`;
}

const failed = (title: string) => (e: unknown) =>
  toast({ title, description: serverMessageOf(e, 'Please try again later'), variant: 'destructive' });

/** A student's marks on the assignment once released, or why they are not shown yet. */
function StudentMarks({ a }: { a: Assignment }) {
  const progress = a.progress;
  if (!progress) return null;
  if (progress.marksAwarded !== null && a.settings.released) {
    return (
      <p className="text-sm font-semibold text-slate-900" data-testid="assignment-marks">
        Marks: {formatMarks(progress.marksAwarded)} / {formatMarks(a.totalMarks)}
        {progress.score !== null ? ` (${formatPercentAsGiven(progress.score)})` : ''}
      </p>
    );
  }
  const handedIn = progress.status === 'submitted' || progress.status === 'late' || progress.finished;
  if (!a.settings.released && handedIn) {
    return (
      <p className="text-sm text-slate-700" data-testid="assignment-marks">
        {withheldWords(a.settings.feedback, a.dueAt)}
      </p>
    );
  }
  return null;
}

/**
 * The class's assigned papers. For the teacher: each paper's settings in words, "Edit settings", "Release feedback"
 * (while held back), "Re-mark this assignment", "Print class set" (one copy per student, a PDF downloaded with the session
 * cookie; not offered while the class has no students) and "Remove". For a student: their status, the settings, their
 * progress, their marks once released, and a link to the paper.
 */
export function AssignmentsList({
  classId,
  assignments,
  role,
  emptyAction,
  studentCount,
}: {
  classId: string;
  assignments: Assignment[];
  role: 'teacher' | 'student';
  emptyAction?: ReactNode;
  /** The class's students (the teacher's view): a class set needs at least one. */
  studentCount?: number;
}) {
  const remove = useRemoveAssignment(classId);
  const release = useReleaseAssignment(classId);
  const remark = useRemarkAssignment(classId);
  const [removing, setRemoving] = useState<Assignment | null>(null);
  const [editing, setEditing] = useState<Assignment | null>(null);
  const [releasing, setReleasing] = useState<Assignment | null>(null);
  const [remarking, setRemarking] = useState<Assignment | null>(null);
  const [remarked, setRemarked] = useState<{ paperTitle: string; summary: RemarkSummary } | null>(null);

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
          const status = progress?.status;
          return (
            <li key={a.id} className="rounded-xl border border-slate-200 bg-white p-4" data-testid="assignment">
              <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
                <div className="grid min-w-0 gap-1">
                  <div className="flex flex-wrap items-center gap-2">
                    <h3 className="font-semibold text-slate-900">{a.paperTitle}</h3>
                    {role === 'student' && status ? <AssignmentStatusBadge status={status} /> : null}
                  </div>
                  <p className="text-sm text-slate-600">
                    {a.courseTitle} · {a.questionCount} {a.questionCount === 1 ? 'question' : 'questions'} · {marksWord(a.totalMarks)}
                  </p>
                  <DueDate dueAt={a.dueAt} finished={progress?.finished ?? false} />
                  <p className="text-sm text-slate-700" data-testid="assignment-settings">
                    {settingsInWords(a.settings, { audience: role, hasDueDate: Boolean(a.dueAt) })}
                  </p>
                </div>
                {role === 'student' ? (
                  <Button asChild size="sm" className="w-full sm:w-auto">
                    <Link
                      href={assignedPaperHref(a.paperId)}
                      aria-label={`${assignmentActionLabel(progress?.answered ?? 0, progress?.finished ?? false)} ${a.paperTitle}`}
                    >
                      {assignmentActionLabel(progress?.answered ?? 0, progress?.finished ?? false)}
                    </Link>
                  </Button>
                ) : null}
              </div>
              {role === 'teacher' ? (
                <div className="mt-3 flex flex-wrap gap-2">
                  <Button
                    variant="outline"
                    size="sm"
                    aria-label={`${ASSIGNMENT_ACTION.edit}: ${a.paperTitle}`}
                    onClick={() => setEditing(a)}
                  >
                    <Settings2 aria-hidden /> {ASSIGNMENT_ACTION.edit}
                  </Button>
                  {a.settings.released ? null : (
                    <Button
                      variant="outline"
                      size="sm"
                      aria-label={`${ASSIGNMENT_ACTION.release}: ${a.paperTitle}`}
                      onClick={() => setReleasing(a)}
                    >
                      <Megaphone aria-hidden /> {ASSIGNMENT_ACTION.release}
                    </Button>
                  )}
                  <Button
                    variant="outline"
                    size="sm"
                    aria-label={`${ASSIGNMENT_ACTION.remark}: ${a.paperTitle}`}
                    onClick={() => setRemarking(a)}
                  >
                    <RefreshCw aria-hidden /> {ASSIGNMENT_ACTION.remark}
                  </Button>
                  {studentCount === 0 ? (
                    <Button variant="outline" size="sm" disabled title={CLASS_SET_TEXT.noStudents}>
                      <Printer aria-hidden /> {CLASS_SET_TEXT.link}
                    </Button>
                  ) : (
                    <Button asChild variant="outline" size="sm">
                      <a
                        href={classSetPdfUrl(classId, a.id)}
                        download
                        aria-label={`${CLASS_SET_TEXT.link}: ${a.paperTitle}`}
                        title={CLASS_SET_TEXT.linkHint}
                      >
                        <Printer aria-hidden /> {CLASS_SET_TEXT.link}
                      </a>
                    </Button>
                  )}
                  {studentCount === 0 ? null : <UploadScans classId={classId} assignmentId={a.id} paperTitle={a.paperTitle} />}
                  <Button asChild variant="outline" size="sm">
                    <Link href={reviewPath(classId, a.id)} aria-label={`${REVIEW_ANSWERS_TEXT.review}: ${a.paperTitle}`}>
                      <ClipboardCheck aria-hidden /> {REVIEW_ANSWERS_TEXT.review}
                    </Link>
                  </Button>
                  <Button variant="outline" size="sm" aria-label={`Remove ${a.paperTitle}`} onClick={() => setRemoving(a)}>
                    <Trash2 aria-hidden /> Remove
                  </Button>
                </div>
              ) : null}
              {role === 'student' && progress ? (
                <div className="mt-3 grid gap-2">
                  <AssignmentProgressText
                    answered={progress.answered}
                    questionCount={a.questionCount}
                    score={progress.score}
                    finished={progress.finished}
                  />
                  <StudentMarks a={a} />
                </div>
              ) : null}
            </li>
          );
        })}
      </ul>
      {role === 'teacher' ? (
        <>
          <ConfirmDialog
            open={removing !== null}
            onOpenChange={(open) => (open ? null : setRemoving(null))}
            title={`Remove ${removing?.paperTitle ?? 'this paper'} from the class?`}
            description="It leaves your students' Assigned lists and the markbook. Their answers are kept."
            confirmLabel="Remove paper"
            pending={remove.isPending}
            onConfirm={() =>
              removing && remove.mutate(removing.id, { onSuccess: () => setRemoving(null), onError: failed('Could not remove') })
            }
          />
          <ConfirmDialog
            open={releasing !== null}
            onOpenChange={(open) => (open ? null : setReleasing(null))}
            title={ASSIGNMENT_ACTION.releaseTitle(releasing?.paperTitle ?? 'this paper')}
            description={ASSIGNMENT_ACTION.releaseDescription}
            confirmLabel={ASSIGNMENT_ACTION.release}
            destructive={false}
            pending={release.isPending}
            onConfirm={() =>
              releasing &&
              release.mutate(releasing.id, {
                onSuccess: () => {
                  toast({ title: ASSIGNMENT_ACTION.released, description: releasing.paperTitle });
                  setReleasing(null);
                },
                onError: failed('Could not release the feedback'),
              })
            }
          />
          <ConfirmDialog
            open={remarking !== null}
            onOpenChange={(open) => (open ? null : setRemarking(null))}
            title={ASSIGNMENT_ACTION.remarkTitle(remarking?.paperTitle ?? 'this paper')}
            description={ASSIGNMENT_ACTION.remarkDescription}
            confirmLabel={ASSIGNMENT_ACTION.remark}
            destructive={false}
            pending={remark.isPending}
            onConfirm={() =>
              remarking &&
              remark.mutate(remarking.id, {
                onSuccess: (summary) => {
                  setRemarked({ paperTitle: remarking.paperTitle, summary });
                  setRemarking(null);
                },
                onError: failed('Could not re-mark the assignment'),
              })
            }
          />
          <EditSettingsDialog classId={classId} assignment={editing} onClose={() => setEditing(null)} />
          <RemarkSummaryDialog
            paperTitle={remarked?.paperTitle ?? ''}
            summary={remarked?.summary ?? null}
            onClose={() => setRemarked(null)}
          />
        </>
      ) : null}
    </>
  );
}
