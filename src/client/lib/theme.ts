import { useSyncExternalStore } from 'react';

/**
 * The theme (issue 28 item 3), kept per device in localStorage 'theme': 'system' (the default: the system's light or
 * dark setting), 'light' or 'dark'. <html class="dark"> gives the dark palette (styles.css). The inline script in
 * index.html applies the same rule before first paint and whenever the system setting or the stored choice changes;
 * this module is how the app reads and changes the choice.
 */
export const THEME_KEY = 'theme';
export const THEME_CHOICES = ['system', 'light', 'dark'] as const;
export type ThemeChoice = (typeof THEME_CHOICES)[number];
export const THEME_LABELS: Record<ThemeChoice, string> = { system: 'System', light: 'Light', dark: 'Dark' };

const SYSTEM_DARK = '(prefers-color-scheme: dark)';
const CHANGED = 'markwell:theme-changed';

/** A stored value as a choice: anything but 'light' or 'dark' (nothing stored, an old or foreign value) is 'system'. */
export function parseThemeChoice(stored: string | null | undefined): ThemeChoice {
  return stored === 'light' || stored === 'dark' ? stored : 'system';
}

/** Whether the page is dark for a choice and the system's setting. */
export function isDark(choice: ThemeChoice, systemDark: boolean): boolean {
  return choice === 'dark' || (choice === 'system' && systemDark);
}

function systemIsDark(): boolean {
  return typeof matchMedia === 'function' && matchMedia(SYSTEM_DARK).matches;
}

export function readThemeChoice(): ThemeChoice {
  try {
    return parseThemeChoice(localStorage.getItem(THEME_KEY));
  } catch {
    return 'system';
  }
}

/** Sets <html>'s class (and so the colour scheme) for a choice. */
export function applyTheme(choice: ThemeChoice, root: HTMLElement = document.documentElement): void {
  root.classList.toggle('dark', isDark(choice, systemIsDark()));
}

/** Keeps the choice on this device and applies it at once. */
export function setThemeChoice(choice: ThemeChoice): void {
  try {
    localStorage.setItem(THEME_KEY, choice);
  } catch {
    // Storage refused (private mode): the choice lasts for this page.
  }
  applyTheme(choice);
  dispatchEvent(new Event(CHANGED));
}

function subscribe(onChange: () => void): () => void {
  addEventListener(CHANGED, onChange);
  addEventListener('storage', onChange);
  return () => {
    removeEventListener(CHANGED, onChange);
    removeEventListener('storage', onChange);
  };
}

/** The device's choice and a setter; follows a change made in another tab. */
export function useThemeChoice(): [ThemeChoice, (choice: ThemeChoice) => void] {
  const choice = useSyncExternalStore(subscribe, readThemeChoice, () => 'system' as const);
  return [choice, setThemeChoice];
}
