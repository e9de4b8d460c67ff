import { useId, useState, type FormEvent } from 'react';
import { ASSIGNMENT_TEXT, OVERRIDE_COMMENT_MAX } from '../../../../shared/assignment-text';
import type { PointEvaluation } from '../../../../shared/mark-scheme';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { Select } from '../../../components/ui/select';
import { toast } from '../../../components/ui/toast-store';
import { serverMessageOf } from '../../../lib/api-request';
import { useOverrideMark } from '../api/override-mark';
import { FieldError } from './field-error';

type OverrideField = 'point' | 'marks' | 'comment' | 'form';
type OverrideErrors = Partial<Record<OverrideField, string>>;

/** A point's most marks (one when the scheme gives none). */
const pointMax = (p: PointEvaluation) => p.marks ?? 1;

/** Which field a message of the server's is about, so it is shown beside it. */
export function overrideFieldOf(message: string): OverrideField {
  if (message === ASSIGNMENT_TEXT.overrideCommentRequired || message === ASSIGNMENT_TEXT.overrideCommentTooLong) return 'comment';
  if (message === ASSIGNMENT_TEXT.marksInvalid || message.startsWith(ASSIGNMENT_TEXT.overrideTooHigh(0).replace(/0$/, ''))) return 'marks';
  if (message === ASSIGNMENT_TEXT.overridePointNotInScheme || message === ASSIGNMENT_TEXT.overrideNoMarking) return 'point';
  return 'form';
}

/** The same checks as the server's, with its messages. */
export function validateOverride(input: { marks: string; max: number; comment: string }): OverrideErrors {
  const errors: OverrideErrors = {};
  const marks = Number(input.marks);
  if (!input.marks.trim() || !Number.isFinite(marks) || marks < 0) errors.marks = ASSIGNMENT_TEXT.marksInvalid;
  else if (marks > input.max) errors.marks = ASSIGNMENT_TEXT.overrideTooHigh(input.max);
  if (!input.comment.trim()) errors.comment = ASSIGNMENT_TEXT.overrideCommentRequired;
  else if (input.comment.trim().length > OVERRIDE_COMMENT_MAX) errors.comment = ASSIGNMENT_TEXT.overrideCommentTooLong;
  return errors;
}

/**
 * "Change the mark": the teacher sets the question's mark, or one point's (chosen from the scheme's points as
 * marked), with a comment the student sees. POST /api/classes/{id}/marks; the dialog and the markbook refresh.
 */
export function OverrideForm(props: {
  classId: string;
  studentId: string;
  studentName: string;
  questionId: string;
  totalMarks: number;
  /** The marked points (none: the question's mark only, e.g. not marked yet or marked by levels). */
  points: PointEvaluation[];
}) {
  const id = useId();
  const [pointId, setPointId] = useState('');
  const [marks, setMarks] = useState('');
  const [comment, setComment] = useState('');
  const [errors, setErrors] = useState<OverrideErrors>({});
  const override = useOverrideMark(props.classId);
  const point = props.points.find((p) => p.point_id === pointId);
  const max = point ? pointMax(point) : props.totalMarks;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = validateOverride({ marks, max, comment });
    setErrors(checked);
    if (Object.keys(checked).length > 0) return;
    override.mutate(
      {
        studentId: props.studentId,
        questionId: props.questionId,
        ...(point ? { pointId: point.point_id } : {}),
        marksAwarded: Number(marks),
        comment: comment.trim(),
      },
      {
        onSuccess: (result) => {
          toast({
            title: 'Mark changed',
            description: `${props.studentName} now has ${result.marksAwarded} of ${result.totalMarks} marks on this question.`,
          });
          setMarks('');
          setComment('');
          setPointId('');
        },
        onError: (error) => {
          const message = serverMessageOf(error, 'The mark could not be changed. Please try again.');
          setErrors({ [overrideFieldOf(message)]: message });
        },
      },
    );
  };

  const describedBy = (field: OverrideField, extra?: string) =>
    [extra, errors[field] ? `${id}-${field}-error` : undefined].filter(Boolean).join(' ') || undefined;

  return (
    <form noValidate onSubmit={submit} aria-label="Change the mark" className="grid gap-3 rounded-lg border border-slate-200 p-3">
      {props.points.length > 0 ? (
        <div className="grid gap-1.5">
          <Label htmlFor={`${id}-point`}>Mark to change</Label>
          <Select
            id={`${id}-point`}
            className="normal-case"
            value={pointId}
            onChange={(e) => setPointId(e.target.value)}
            aria-describedby={describedBy('point')}
            aria-invalid={errors.point ? true : undefined}
          >
            <option value="">The whole question (out of {props.totalMarks})</option>
            {props.points.map((p, i) => (
              <option key={p.point_id} value={p.point_id}>
                Point {i + 1}: {p.text.length > 60 ? `${p.text.slice(0, 60)}…` : p.text} (out of {pointMax(p)})
              </option>
            ))}
          </Select>
          <FieldError id={`${id}-point-error`} message={errors.point ?? null} />
        </div>
      ) : null}
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-marks`}>New mark (out of {max})</Label>
        <Input
          id={`${id}-marks`}
          type="number"
          inputMode="decimal"
          min={0}
          max={max}
          step={0.5}
          value={marks}
          onChange={(e) => setMarks(e.target.value)}
          className="sm:max-w-[10rem]"
          aria-describedby={describedBy('marks')}
          aria-invalid={errors.marks ? true : undefined}
        />
        <FieldError id={`${id}-marks-error`} message={errors.marks ?? null} />
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-comment`}>Comment for {props.studentName}</Label>
        <textarea
          id={`${id}-comment`}
          value={comment}
          onChange={(e) => setComment(e.target.value)}
          rows={3}
          maxLength={OVERRIDE_COMMENT_MAX}
          className="rounded-lg border border-slate-300 p-2 text-sm focus-visible:border-brand-500 focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:outline-none"
          aria-describedby={describedBy('comment', `${id}-comment-hint`)}
          aria-invalid={errors.comment ? true : undefined}
        />
        <p id={`${id}-comment-hint`} className="text-xs text-slate-500">
          Required: the student sees it with the new mark.
        </p>
        <FieldError id={`${id}-comment-error`} message={errors.comment ?? null} />
      </div>
      <FieldError id={`${id}-form-error`} message={errors.form ?? null} />
      <Button type="submit" disabled={override.isPending} className="justify-self-start">
        {override.isPending ? 'Saving...' : 'Change the mark'}
      </Button>
    </form>
  );
}
