import { useState } from 'react';
import { PRACTICE_TEXT } from '../../../../shared/practice-text';
import { WRITE_SCHEME_MAX_CHARS } from '../../../../shared/mark-scheme-view-text';
import { Button } from '../../../components/ui/button';
import { toast } from '../../../components/ui/toast-store';
import { isApiError, serverMessageOf } from '../../../lib/api-request';
import { useDraftMarkScheme } from '../api/draft-mark-scheme';
import { useWriteMarkScheme } from '../api/write-mark-scheme';

/**
 * A question imported without a mark scheme: "Needs a mark scheme", and for its owner a small form to write one
 * (one point a line, '[2]' at the end of a point worth 2 marks). Until then nothing marks it. With the school's AI
 * provider, "Draft a mark scheme" fills the form with a draft to check, edit and save (nothing is saved before);
 * without one the server says drafting needs it, and the button goes away.
 */
export function NeedsMarkScheme({ questionId, canWrite }: { questionId: string; canWrite: boolean }) {
  const [text, setText] = useState('');
  /** What the owner had written before a draft replaced it, to put back. */
  const [beforeDraft, setBeforeDraft] = useState<string | null>(null);
  const [draftedBy, setDraftedBy] = useState<string | null>(null);
  const write = useWriteMarkScheme(questionId);
  const draft = useDraftMarkScheme(questionId);
  // 422: this Markwell has no AI provider; offering the button again would only repeat the message
  const draftingUnavailable = draft.isError && isApiError(draft.error) && draft.error.status === 422;
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
            rows={Math.min(14, Math.max(4, text.split('\n').length + 1))}
            className="rounded-md border border-slate-300 bg-white p-2 text-sm text-slate-900"
          />
          {draftedBy ? (
            <p role="status" className="text-xs text-slate-700">
              Drafted by {draftedBy}. Check and edit it, then save: nothing is saved until you do.{' '}
              {beforeDraft?.trim() ? (
                <button
                  type="button"
                  className="underline"
                  onClick={() => {
                    setText(beforeDraft);
                    setBeforeDraft(null);
                    setDraftedBy(null);
                  }}
                >
                  Put back what I wrote
                </button>
              ) : null}
            </p>
          ) : null}
          {draft.isError ? (
            <p role="alert" className="text-xs text-red-700">
              {serverMessageOf(draft.error, 'The mark scheme could not be drafted. Please try again, or write it yourself.')}
            </p>
          ) : null}
          {write.isError ? (
            <p role="alert" className="text-xs text-red-700">
              {serverMessageOf(write.error, 'The mark scheme could not be saved. Please try again.')}
            </p>
          ) : null}
          <div className="flex flex-wrap gap-2">
            <Button type="submit" size="sm" disabled={write.isPending || draft.isPending || !text.trim()}>
              {write.isPending ? 'Saving...' : 'Save mark scheme'}
            </Button>
            {draftingUnavailable ? null : (
              <Button
                type="button"
                size="sm"
                variant="outline"
                disabled={draft.isPending || write.isPending}
                onClick={() =>
                  draft.mutate(undefined, {
                    onSuccess: (result) => {
                      setBeforeDraft(text);
                      setText(result.text);
                      setDraftedBy(result.draftedBy);
                      write.reset();
                    },
                  })
                }
              >
                {draft.isPending ? 'Drafting...' : 'Draft a mark scheme'}
              </Button>
            )}
          </div>
        </form>
      ) : null}
    </div>
  );
}
