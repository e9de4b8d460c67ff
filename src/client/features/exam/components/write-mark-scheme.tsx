import { useState } from 'react';
import { PRACTICE_TEXT } from '../../../../shared/practice';
import { WRITE_SCHEME_MAX_CHARS } from '../../../../shared/mark-scheme-view';
import { Button } from '../../../components/ui/button';
import { toast } from '../../../components/ui/toast-store';
import { serverMessageOf } from '../../../lib/api-client';
import { useWriteMarkScheme } from '../api/write-mark-scheme';

/**
 * A question imported without a mark scheme: "Needs a mark scheme", and for its owner a small form to write one
 * (one point a line, '[2]' at the end of a point worth 2 marks). Until then nothing marks it.
 */
export function NeedsMarkScheme({ questionId, canWrite }: { questionId: string; canWrite: boolean }) {
  const [text, setText] = useState('');
  const write = useWriteMarkScheme(questionId);
  const fieldId = `scheme-${questionId}`;
  return (
    <div
      className="grid gap-2 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900"
      role="group"
      aria-label="Needs a mark scheme"
    >
      <p className="font-medium">Needs a mark scheme</p>
      <p>{PRACTICE_TEXT.needsScheme}</p>
      {canWrite ? (
        <form
          className="grid gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            write.mutate(text, {
              onSuccess: () => toast({ title: 'Mark scheme saved', description: 'Answers to this question can be marked now.' }),
            });
          }}
        >
          <label htmlFor={fieldId} className="text-xs font-medium text-slate-700">
            Write the mark scheme: one point a line, with [2] at the end of a point worth 2 marks
          </label>
          <textarea
            id={fieldId}
            value={text}
            onChange={(e) => setText(e.target.value)}
            maxLength={WRITE_SCHEME_MAX_CHARS}
            rows={4}
            className="rounded-md border border-slate-300 bg-white p-2 text-sm text-slate-900"
          />
          {write.isError ? (
            <p role="alert" className="text-xs text-red-700">
              {serverMessageOf(write.error, 'The mark scheme could not be saved. Please try again.')}
            </p>
          ) : null}
          <div>
            <Button type="submit" size="sm" disabled={write.isPending || !text.trim()}>
              {write.isPending ? 'Saving...' : 'Save mark scheme'}
            </Button>
          </div>
        </form>
      ) : null}
    </div>
  );
}
