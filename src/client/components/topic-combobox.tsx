import { useId, useState, type KeyboardEvent } from 'react';
import { cn } from '../lib/cn';
import { Input } from './ui/input';

/** At most this many suggestions are listed at once. */
const MAX_SHOWN = 12;

/** The suggestions that contain what was typed (any case), those starting with it first. */
export function matchingTopics(topics: readonly string[], typed: string): string[] {
  const text = typed.trim().toLowerCase();
  if (!text) return topics.slice(0, MAX_SHOWN);
  const starts = topics.filter((t) => t.toLowerCase().startsWith(text));
  const contains = topics.filter((t) => !t.toLowerCase().startsWith(text) && t.toLowerCase().includes(text));
  return [...starts, ...contains].slice(0, MAX_SHOWN);
}

/**
 * A text field that suggests topics (the ARIA combobox pattern with a list popup): typing filters the list, the
 * arrow keys move through it, Enter takes the highlighted topic, Escape closes it. Any other text is kept as typed.
 */
export function TopicCombobox(props: {
  id: string;
  value: string;
  onChange: (value: string) => void;
  topics: readonly string[];
  placeholder?: string;
  disabled?: boolean;
  maxLength?: number;
}) {
  const listId = useId();
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const shown = matchingTopics(props.topics, props.value);
  const expanded = open && shown.length > 0 && !props.disabled;

  const choose = (topic: string) => {
    props.onChange(topic);
    setOpen(false);
    setActive(-1);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (!expanded) {
        setOpen(true);
        setActive(event.key === 'ArrowDown' ? 0 : shown.length - 1);
        return;
      }
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((i) => (i + step + shown.length) % shown.length);
    } else if (event.key === 'Enter' && expanded && active >= 0 && active < shown.length) {
      event.preventDefault(); // takes the suggestion; a second Enter submits the form
      choose(shown[active]);
    } else if (event.key === 'Escape' && expanded) {
      event.preventDefault();
      setOpen(false);
      setActive(-1);
    }
  };

  return (
    <div className="relative">
      <Input
        id={props.id}
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-activedescendant={expanded && active >= 0 ? `${listId}-${active}` : undefined}
        autoComplete="off"
        value={props.value}
        onChange={(e) => {
          props.onChange(e.target.value);
          setOpen(true);
          setActive(-1);
        }}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        onKeyDown={onKeyDown}
        placeholder={props.placeholder}
        maxLength={props.maxLength}
        disabled={props.disabled}
      />
      <ul
        id={listId}
        role="listbox"
        aria-label="Suggested topics"
        hidden={!expanded}
        className="absolute z-20 mt-1 max-h-60 w-full overflow-auto rounded-lg border border-slate-200 bg-white py-1 shadow-lg"
      >
        {shown.map((topic, i) => (
          <li
            key={topic}
            id={`${listId}-${i}`}
            role="option"
            aria-selected={i === active}
            // mousedown, not click: the input keeps its focus and the list is not closed by its blur first
            onMouseDown={(e) => {
              e.preventDefault();
              choose(topic);
            }}
            className={cn('cursor-pointer px-3 py-1.5 text-sm text-slate-800', i === active ? 'bg-brand-100' : 'hover:bg-slate-100')}
          >
            {topic}
          </li>
        ))}
      </ul>
    </div>
  );
}
