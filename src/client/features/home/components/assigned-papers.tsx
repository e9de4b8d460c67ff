import { Link } from 'wouter';
import type { AssignedPaper } from '../../../../shared/classes';
import {
  AssignmentProgressText,
  AssignmentStatusBadge,
  DueDate,
  assignedPaperHref,
  assignmentActionLabel,
  isOverdue,
} from '../../../components/assignment-status';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { useMyAssignments } from '../../../lib/api/assignments';
import { settingsInWords } from '../../../lib/assignment-words';

/** Overdue first, then by due date (no date last), then newest assigned. */
export function sortAssigned(list: AssignedPaper[], now: Date = new Date()): AssignedPaper[] {
  const due = (a: AssignedPaper) => (a.dueAt ? Date.parse(a.dueAt) : Number.POSITIVE_INFINITY);
  return [...list].sort(
    (a, b) =>
      Number(isOverdue(b.dueAt, b.finished, now)) - Number(isOverdue(a.dueAt, a.finished, now)) ||
      Number(a.finished) - Number(b.finished) ||
      due(a) - due(b) ||
      b.createdAt.localeCompare(a.createdAt),
  );
}

/**
 * "Assigned": the papers a student's teachers set, with due dates, progress and a link to answer them. Shown only
 * when there is something assigned, so the home page of a student in no class stays as the spec draws it.
 */
export function AssignedPapers() {
  const assigned = useMyAssignments();
  if (!assigned.isSuccess || assigned.data.length === 0) return null;
  const list = sortAssigned(assigned.data);
  return (
    <section aria-labelledby="assigned-heading" className="mb-8">
      <h2 id="assigned-heading" className="mb-3 text-xl font-semibold text-slate-900">
        Assigned
      </h2>
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {list.map((a) => {
          const action = assignmentActionLabel(a.answered, a.finished);
          return (
            <li key={a.assignmentId}>
              <Card className="flex h-full flex-col" data-testid="assigned-paper">
                <CardHeader>
                  <CardTitle className="text-base">{a.paperTitle}</CardTitle>
                  <CardDescription>
                    {a.className} · {a.subject}
                  </CardDescription>
                  {a.status ? <AssignmentStatusBadge status={a.status} className="self-start" /> : null}
                  <DueDate dueAt={a.dueAt} finished={a.finished} />
                  {a.settings ? (
                    <p className="text-sm text-slate-600" data-testid="assigned-settings">
                      {settingsInWords(a.settings, { audience: 'student', hasDueDate: Boolean(a.dueAt) })}
                    </p>
                  ) : null}
                </CardHeader>
                <CardContent className="mt-auto grid gap-3">
                  <AssignmentProgressText answered={a.answered} questionCount={a.questionCount} score={a.score} finished={a.finished} />
                  <Button asChild size="sm" className="w-full sm:w-auto sm:justify-self-start">
                    <Link href={assignedPaperHref(a.paperId)} aria-label={`${action} ${a.paperTitle}`}>
                      {action}
                    </Link>
                  </Button>
                </CardContent>
              </Card>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
