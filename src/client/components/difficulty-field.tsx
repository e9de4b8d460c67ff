import { DIFFICULTY_CHOICES } from '../../shared/practice-text';
import { Label } from './ui/label';
import { Select } from './ui/select';

export type DifficultyChoice = (typeof DIFFICULTY_CHOICES)[number];

/** The 'Difficulty' select of the paper generators: easy, medium, hard. */
export function DifficultyField(props: {
  id: string;
  value: DifficultyChoice;
  onChange: (value: DifficultyChoice) => void;
  disabled?: boolean;
}) {
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={props.id}>Difficulty</Label>
      <Select
        id={props.id}
        value={props.value}
        onChange={(e) => props.onChange(e.target.value as DifficultyChoice)}
        disabled={props.disabled}
      >
        {DIFFICULTY_CHOICES.map((d) => (
          <option key={d} value={d}>
            {d}
          </option>
        ))}
      </Select>
    </div>
  );
}
