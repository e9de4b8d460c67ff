import { ANSWER_CONFLICT_NOTICE } from '../../../../shared/practice-text';
import { Button } from '../../../components/ui/button';

/**
 * Two versions of one answer: the text in this tab's box and the one another tab or device saved since. The
 * student keeps one or combines them (decision 004, ordered saves); nothing is saved until they choose.
 */
export function AnswerConflict({
  mine,
  theirs,
  theirsSubmitted,
  canCombine,
  onChoose,
}: {
  mine: string;
  theirs: string;
  theirsSubmitted: boolean;
  canCombine: boolean;
  onChoose: (choice: 'mine' | 'theirs' | 'both') => void;
}) {
  return (
    <section
      role="alert"
      aria-labelledby="answer-conflict-title"
      className="mb-4 rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm"
    >
      <h2 id="answer-conflict-title" className="font-semibold text-amber-900">
        {ANSWER_CONFLICT_NOTICE}
      </h2>
      <p className="mt-1 text-amber-900">Both versions are kept until you choose. Keep one, or combine them and edit the result.</p>
      <div className="mt-3 grid gap-3 sm:grid-cols-2">
        <figure className="grid content-start gap-1" aria-label="This tab's version">
          <figcaption className="font-medium text-slate-800">This tab</figcaption>
          <pre
            data-testid="conflict-mine"
            className="max-h-48 overflow-auto whitespace-pre-wrap rounded border border-slate-200 bg-white p-2 font-sans text-slate-800"
          >
            {mine || '(empty)'}
          </pre>
        </figure>
        <figure className="grid content-start gap-1" aria-label="The saved version">
          <figcaption className="font-medium text-slate-800">
            Saved from another tab or device{theirsSubmitted ? ' (submitted)' : ''}
          </figcaption>
          <pre
            data-testid="conflict-theirs"
            className="max-h-48 overflow-auto whitespace-pre-wrap rounded border border-slate-200 bg-white p-2 font-sans text-slate-800"
          >
            {theirs || '(empty)'}
          </pre>
        </figure>
      </div>
      <div className="mt-3 flex flex-wrap gap-2">
        <Button size="sm" onClick={() => onChoose('mine')}>
          Keep this tab's version
        </Button>
        <Button size="sm" variant="outline" onClick={() => onChoose('theirs')}>
          Keep the saved version
        </Button>
        {canCombine ? (
          <Button size="sm" variant="outline" onClick={() => onChoose('both')}>
            Combine both
          </Button>
        ) : null}
      </div>
    </section>
  );
}
