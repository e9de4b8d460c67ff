import type { Question } from '../../../../shared/practice';
import { RichHtml } from '../../../components/rich-html';
import { cn } from '../../../lib/cn';
import { parseOptions } from '../../../lib/format';

const HINTS: Record<string, string> = {
  short_answer: 'Write a concise (1-3 sentences) answer.',
  essay: 'Write a detailed answer: explain each step and use the key terms.',
};

export function AnswerInput({
  question,
  value,
  onChange,
  disabled,
}: {
  question: Question;
  value: string;
  onChange: (v: string) => void;
  disabled: boolean;
}) {
  if (question.type === 'multiple_choice') {
    // a shuffled question (Moodle's shuffleanswers) in this student's own order; each option keeps its letter
    const order = question.optionOrder ?? [];
    const rank = (letter: string) => (order.includes(letter) ? order.indexOf(letter) : order.length);
    const options = Object.entries(parseOptions(question.options)).sort(([a], [b]) => rank(a) - rank(b) || a.localeCompare(b));
    if (options.length === 0) {
      return (
        <p role="alert" className="text-sm text-amber-800">
          This question is configured as multiple choice but has no options.
        </p>
      );
    }
    if (question.multipleResponse) {
      // "Choose all that apply": the answer is the chosen letters, e.g. "A, C", which the marker reads option by option.
      const chosen = new Set(value.split(/[\s,]+/).filter((l) => options.some(([letter]) => letter === l)));
      const toggle = (letter: string) => {
        const next = new Set(chosen);
        if (next.has(letter)) next.delete(letter);
        else next.add(letter);
        onChange([...next].sort().join(', '));
      };
      return (
        <fieldset className="grid gap-2" disabled={disabled}>
          <legend className="mb-2 text-sm text-slate-600">Choose all the right answers.</legend>
          {options.map(([letter, text]) => (
            <label
              key={letter}
              className={cn(
                'flex cursor-pointer items-start gap-3 rounded-lg border p-3 text-sm transition-colors',
                chosen.has(letter) ? 'border-brand-500 bg-brand-50' : 'border-slate-200 hover:bg-slate-50',
              )}
            >
              <input
                type="checkbox"
                value={letter}
                checked={chosen.has(letter)}
                onChange={() => toggle(letter)}
                className="mt-1 accent-brand-600"
              />
              <span className="font-semibold text-slate-900">{letter}.</span>
              <RichHtml html={text} className="flex-1 text-slate-800" />
            </label>
          ))}
        </fieldset>
      );
    }
    return (
      <fieldset className="grid gap-2" disabled={disabled}>
        <legend className="mb-2 text-sm text-slate-600">Choose one answer.</legend>
        {options.map(([letter, text]) => (
          <label
            key={letter}
            className={cn(
              'flex cursor-pointer items-start gap-3 rounded-lg border p-3 text-sm transition-colors',
              value === letter ? 'border-brand-500 bg-brand-50' : 'border-slate-200 hover:bg-slate-50',
            )}
          >
            <input
              type="radio"
              name={`q-${question.id}`}
              value={letter}
              checked={value === letter}
              onChange={() => onChange(letter)}
              className="mt-1 accent-brand-600"
            />
            <span className="font-semibold text-slate-900">{letter}.</span>
            <RichHtml html={text} className="flex-1 text-slate-800" />
          </label>
        ))}
      </fieldset>
    );
  }
  return (
    <div className="grid gap-2">
      <label htmlFor={`answer-${question.id}`} className="text-sm text-slate-600">
        {HINTS[question.type] ?? HINTS.essay}
      </label>
      <textarea
        id={`answer-${question.id}`}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        disabled={disabled}
        rows={question.type === 'essay' ? 12 : 5}
        maxLength={20_000}
        placeholder="Type your answer here..."
        className="w-full rounded-lg border border-slate-300 p-3 text-sm leading-relaxed focus-visible:border-brand-500 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600"
      />
    </div>
  );
}
