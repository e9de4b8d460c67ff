import type { ReactNode } from 'react';
import {
  ATTEMPT_COUNTED,
  ATTEMPT_COUNTED_LABEL,
  FEEDBACK_RELEASE,
  FEEDBACK_RELEASE_LABEL,
  LATE_WORK,
  LATE_WORK_LABEL,
  MAX_TIME_LIMIT_MINUTES,
} from '../../../../shared/assignment-text';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { Select } from '../../../components/ui/select';
import { attemptsWords } from '../../../lib/assignment-words';
import { ATTEMPT_CHOICES, type SettingsErrors, type SettingsField, type SettingsFormValues } from '../assignment-settings-model';
import { SETTINGS_LABEL } from '../class-text';
import { FieldError } from './field-error';

function described(idPrefix: string, field: SettingsField, errors: SettingsErrors, hint?: string) {
  const ids = [hint, errors[field] ? `${idPrefix}-${field}-error` : undefined].filter(Boolean).join(' ');
  return { 'aria-describedby': ids || undefined, 'aria-invalid': errors[field] ? true : undefined };
}

function RadioGroup<T extends string>(props: {
  idPrefix: string;
  field: SettingsField;
  legend: string;
  options: readonly T[];
  labels: Record<T, string>;
  value: T;
  errors: SettingsErrors;
  onChange: (value: T) => void;
}) {
  const { idPrefix, field } = props;
  return (
    <fieldset className="grid gap-1.5" aria-describedby={props.errors[field] ? `${idPrefix}-${field}-error` : undefined}>
      <legend className="mb-1 text-sm font-medium text-slate-700">{props.legend}</legend>
      {props.options.map((option) => (
        <label key={option} className="flex items-start gap-2 text-sm text-slate-800">
          <input
            type="radio"
            name={`${idPrefix}-${field}`}
            value={option}
            checked={props.value === option}
            onChange={() => props.onChange(option)}
            className="mt-0.5 size-4 accent-brand-600"
          />
          {props.labels[option]}
        </label>
      ))}
      <FieldError id={`${idPrefix}-${field}-error`} message={props.errors[field] ?? null} />
    </fieldset>
  );
}

function Field({ children }: { children: ReactNode }) {
  return <div className="grid gap-1.5">{children}</div>;
}

/**
 * The assessment settings of an assigned paper (issue 30), shared by "Assign a paper" and "Edit settings": due date,
 * work after it refused or flagged, an optional time limit, attempts allowed, which counts, and when feedback shows.
 * Each field's message (the client's check or the server's 400) is shown beside it and tied to it.
 */
export function AssignmentSettingsFields({
  idPrefix,
  values,
  errors,
  onChange,
}: {
  idPrefix: string;
  values: SettingsFormValues;
  errors: SettingsErrors;
  onChange: (next: SettingsFormValues) => void;
}) {
  const set = <K extends keyof SettingsFormValues>(key: K, value: SettingsFormValues[K]) => onChange({ ...values, [key]: value });
  const id = (field: SettingsField) => `${idPrefix}-${field}`;
  return (
    <div className="grid gap-4">
      <Field>
        <Label htmlFor={id('due')}>{SETTINGS_LABEL.due}</Label>
        <Input
          id={id('due')}
          type="date"
          value={values.due}
          onChange={(e) => set('due', e.target.value)}
          {...described(idPrefix, 'due', errors)}
        />
        <FieldError id={`${id('due')}-error`} message={errors.due ?? null} />
      </Field>
      <RadioGroup
        idPrefix={idPrefix}
        field="lateWork"
        legend={SETTINGS_LABEL.lateWork}
        options={LATE_WORK}
        labels={LATE_WORK_LABEL}
        value={values.lateWork}
        errors={errors}
        onChange={(v) => set('lateWork', v)}
      />
      <Field>
        <Label htmlFor={id('timeLimit')}>{SETTINGS_LABEL.timeLimit}</Label>
        <Input
          id={id('timeLimit')}
          type="number"
          inputMode="numeric"
          min={1}
          max={MAX_TIME_LIMIT_MINUTES}
          step={1}
          value={values.timeLimit}
          onChange={(e) => set('timeLimit', e.target.value)}
          {...described(idPrefix, 'timeLimit', errors, `${id('timeLimit')}-hint`)}
        />
        <p id={`${id('timeLimit')}-hint`} className="text-xs text-slate-500">
          {SETTINGS_LABEL.timeLimitHint}
        </p>
        <FieldError id={`${id('timeLimit')}-error`} message={errors.timeLimit ?? null} />
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field>
          <Label htmlFor={id('attempts')}>{SETTINGS_LABEL.attempts}</Label>
          <Select
            id={id('attempts')}
            className="normal-case"
            value={values.attempts}
            onChange={(e) => set('attempts', e.target.value)}
            {...described(idPrefix, 'attempts', errors)}
          >
            {ATTEMPT_CHOICES.map((choice) => (
              <option key={choice} value={choice}>
                {choice === 'unlimited' ? SETTINGS_LABEL.unlimited : attemptsWords(Number(choice))}
              </option>
            ))}
          </Select>
          <FieldError id={`${id('attempts')}-error`} message={errors.attempts ?? null} />
        </Field>
        <Field>
          <Label htmlFor={id('counts')}>{SETTINGS_LABEL.counts}</Label>
          <Select
            id={id('counts')}
            className="normal-case"
            value={values.counts}
            onChange={(e) => set('counts', e.target.value as SettingsFormValues['counts'])}
            {...described(idPrefix, 'counts', errors)}
          >
            {ATTEMPT_COUNTED.map((c) => (
              <option key={c} value={c}>
                {ATTEMPT_COUNTED_LABEL[c]}
              </option>
            ))}
          </Select>
          <FieldError id={`${id('counts')}-error`} message={errors.counts ?? null} />
        </Field>
      </div>
      <RadioGroup
        idPrefix={idPrefix}
        field="feedback"
        legend={SETTINGS_LABEL.feedback}
        options={FEEDBACK_RELEASE}
        labels={FEEDBACK_RELEASE_LABEL}
        value={values.feedback}
        errors={errors}
        onChange={(v) => set('feedback', v)}
      />
    </div>
  );
}
