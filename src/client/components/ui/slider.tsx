import { Slider as SliderPrimitive } from 'radix-ui';

export function Slider(props: {
  id?: string;
  value: number;
  min: number;
  max: number;
  step: number;
  onChange: (value: number) => void;
  label: string;
  disabled?: boolean;
}) {
  return (
    <SliderPrimitive.Root
      id={props.id}
      className="relative flex h-5 w-full touch-none select-none items-center"
      value={[props.value]}
      min={props.min}
      max={props.max}
      step={props.step}
      disabled={props.disabled}
      onValueChange={([v]) => props.onChange(v)}
    >
      <SliderPrimitive.Track className="relative h-1.5 grow rounded-full bg-slate-200">
        <SliderPrimitive.Range className="absolute h-full rounded-full bg-brand-600" />
      </SliderPrimitive.Track>
      <SliderPrimitive.Thumb
        aria-label={props.label}
        className="block size-5 rounded-full border-2 border-brand-600 bg-white shadow focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:ring-offset-2"
      />
    </SliderPrimitive.Root>
  );
}
