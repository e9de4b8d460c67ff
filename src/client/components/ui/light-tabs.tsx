import { useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { cn } from '../../lib/cn';

/**
 * Tabs for a logged-out page (the login page's Login / Sign Up), where the 100 KB first download leaves no room for
 * Radix Tabs and the modules it brings (~9 KB gzipped): the WAI-ARIA tabs pattern by hand, with the look of
 * components/ui/tabs.tsx. Arrow keys, Home and End move between the tabs and select them; only the selected tab is
 * in the Tab order, and its panel follows it.
 */
export function LightTabs({ tabs, className }: { tabs: { value: string; label: string; panel: ReactNode }[]; className?: string }) {
  const [selected, setSelected] = useState(tabs[0].value);
  const id = useId();
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  const move = (event: KeyboardEvent, index: number) => {
    const next =
      event.key === 'ArrowRight'
        ? (index + 1) % tabs.length
        : event.key === 'ArrowLeft'
          ? (index - 1 + tabs.length) % tabs.length
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? tabs.length - 1
              : -1;
    if (next < 0) return;
    event.preventDefault();
    setSelected(tabs[next].value);
    buttons.current[next]?.focus();
  };
  return (
    <div className={className}>
      <div
        role="tablist"
        aria-orientation="horizontal"
        className="inline-flex h-10 w-full items-center rounded-lg bg-slate-100 p-1 text-slate-600"
      >
        {tabs.map((tab, index) => {
          const active = tab.value === selected;
          return (
            <button
              key={tab.value}
              ref={(el) => {
                buttons.current[index] = el;
              }}
              type="button"
              role="tab"
              id={`${id}-tab-${tab.value}`}
              aria-selected={active}
              aria-controls={`${id}-panel-${tab.value}`}
              data-state={active ? 'active' : 'inactive'}
              tabIndex={active ? 0 : -1}
              onClick={() => setSelected(tab.value)}
              onKeyDown={(event) => move(event, index)}
              className={cn(
                'inline-flex flex-1 items-center justify-center whitespace-nowrap rounded-md px-3 py-1.5 text-sm font-medium transition-all',
                active && 'bg-white text-slate-900 shadow-sm',
              )}
            >
              {tab.label}
            </button>
          );
        })}
      </div>
      {tabs.map((tab) =>
        tab.value === selected ? (
          <div
            key={tab.value}
            role="tabpanel"
            id={`${id}-panel-${tab.value}`}
            aria-labelledby={`${id}-tab-${tab.value}`}
            tabIndex={0}
            className="mt-4 focus-visible:outline-none"
          >
            {tab.panel}
          </div>
        ) : null,
      )}
    </div>
  );
}
