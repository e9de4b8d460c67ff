import { QUESTION_COUNT } from '../../shared/practice-text';
import { Label } from './ui/label';
import { Slider } from './ui/slider';

/** The 'Number of Questions' slider of the paper generators, with its value shown beside the label. */
export function QuestionCountField(props: { id: string; value: number; onChange: (value: number) => void; disabled?: boolean }) {
  return (
    <div className="grid gap-2">
      <div className="flex items-center justify-between">
        <Label htmlFor={props.id}>Number of Questions</Label>
        <span className="text-sm font-semibold text-slate-900" aria-live="polite">
          {props.value}
        </span>
      </div>
      <Slider
        id={props.id}
        label="Number of Questions"
        value={props.value}
        min={QUESTION_COUNT.min}
        max={QUESTION_COUNT.max}
        step={QUESTION_COUNT.step}
        onChange={props.onChange}
        disabled={props.disabled}
      />
    </div>
  );
}
