import { Monitor, Moon, Sun } from 'lucide-react';
import { cn } from '../lib/cn';
import { THEME_CHOICES, THEME_LABELS, useThemeChoice, type ThemeChoice } from '../lib/theme';

const ICONS: Record<ThemeChoice, typeof Sun> = { system: Monitor, light: Sun, dark: Moon };

/**
 * "Theme: System / Light / Dark" as a radio group (a fieldset named Theme): arrow keys move between the three, the
 * choice is kept on this device (lib/theme.ts) and applied at once.
 */
export function ThemePicker({ className }: { className?: string }) {
  const [choice, setChoice] = useThemeChoice();
  return (
    <fieldset className={cn('grid gap-2', className)}>
      <legend className="mb-2 text-sm font-medium text-slate-900">Theme</legend>
      <div className="inline-flex w-fit rounded-lg border border-slate-300 bg-slate-50 p-1">
        {THEME_CHOICES.map((option) => {
          const Icon = ICONS[option];
          return (
            <label
              key={option}
              className={cn(
                'flex cursor-pointer items-center gap-1.5 rounded-md px-3 py-1.5 text-sm font-medium text-slate-700 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-slate-900',
                choice === option && 'bg-white text-slate-900 shadow-sm ring-1 ring-slate-300',
              )}
            >
              <input
                type="radio"
                name="theme"
                value={option}
                checked={choice === option}
                onChange={() => setChoice(option)}
                className="sr-only"
              />
              <Icon aria-hidden className="size-4" />
              {THEME_LABELS[option]}
            </label>
          );
        })}
      </div>
      <p className="text-xs text-slate-500">System follows your device&apos;s light or dark setting. Kept on this device.</p>
    </fieldset>
  );
}
