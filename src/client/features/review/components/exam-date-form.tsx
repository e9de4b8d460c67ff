import { useState, type FormEvent } from 'react';
import { CalendarClock } from 'lucide-react';
import { REVIEW_TEXT } from '../../../../shared/review-text';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { serverMessageOf } from '../../../lib/api-request';
import { formatShortDate } from '../../../lib/format';
import { useSetExamDate } from '../api/set-exam-date';

/** 'In 12 days (6/15/2027)' for an exam date, or what to do without one. */
function examSummary(examDate: string | null, daysUntilExam: number | null): string {
  if (!examDate) return 'No exam date set: reviews follow plain spaced repetition.';
  const date = formatShortDate(`${examDate}T12:00:00Z`);
  if (daysUntilExam === null) return `Your exam date (${date}) has passed: set the next one, or clear it.`;
  if (daysUntilExam === 0) return `Your exam is today (${date}). Good luck!`;
  return `Your exam is in ${daysUntilExam} ${daysUntilExam === 1 ? 'day' : 'days'} (${date}): every review is scheduled before it.`;
}

/** The student's exam date: reviews are scheduled to fall before it. */
export function ExamDateForm({ examDate, daysUntilExam, today }: { examDate: string | null; daysUntilExam: number | null; today: string }) {
  const [value, setValue] = useState(examDate ?? '');
  const [problem, setProblem] = useState<string | null>(null);
  const save = useSetExamDate();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    if (!value) {
      setProblem('Choose a date first, or clear the exam date.');
      return;
    }
    save.mutate(value, { onError: (error) => setProblem(serverMessageOf(error, 'The exam date could not be saved. Please try again.')) });
  };
  const clear = () => {
    setProblem(null);
    save.mutate(null, {
      onSuccess: () => setValue(''),
      onError: (error) => setProblem(serverMessageOf(error, 'The exam date could not be cleared. Please try again.')),
    });
  };

  return (
    <form onSubmit={submit} className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm" aria-labelledby="exam-date-heading">
      <h2 id="exam-date-heading" className="flex items-center gap-2 text-lg font-semibold text-slate-900">
        <CalendarClock aria-hidden className="size-5 text-brand-600" /> {REVIEW_TEXT.examDateLabel}
      </h2>
      <p className="mt-1 text-sm text-slate-600" data-testid="exam-summary">
        {examSummary(examDate, daysUntilExam)}
      </p>
      <div className="mt-4 flex flex-col gap-3 sm:flex-row sm:items-end">
        <div className="flex flex-col gap-1.5">
          <Label htmlFor="exam-date">{REVIEW_TEXT.examDateLabel}</Label>
          <Input
            id="exam-date"
            type="date"
            min={today}
            value={value}
            onChange={(e) => setValue(e.target.value)}
            aria-describedby="exam-date-help"
            aria-invalid={problem ? true : undefined}
            className="sm:w-48"
          />
        </div>
        <div className="flex flex-wrap gap-2">
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? 'Saving...' : REVIEW_TEXT.saveExamDate}
          </Button>
          {examDate ? (
            <Button type="button" variant="outline" onClick={clear} disabled={save.isPending}>
              {REVIEW_TEXT.clearExamDate}
            </Button>
          ) : null}
        </div>
      </div>
      <p id="exam-date-help" className="mt-2 text-xs text-slate-500">
        {REVIEW_TEXT.examDateHelp}
      </p>
      {problem ? (
        <p role="alert" className="mt-2 text-sm text-rose-700">
          {problem}
        </p>
      ) : null}
    </form>
  );
}
