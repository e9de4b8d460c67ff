// @vitest-environment jsdom
import fs from 'node:fs';
import path from 'node:path';
import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { isDark, parseThemeChoice, readThemeChoice, setThemeChoice, THEME_KEY, useThemeChoice } from './theme';

/** A matchMedia whose '(prefers-color-scheme: dark)' answer the test sets and changes. */
function fakeSystem(dark: boolean) {
  const listeners: (() => void)[] = [];
  const query = {
    matches: dark,
    media: '(prefers-color-scheme: dark)',
    addEventListener: (_: string, listener: () => void) => listeners.push(listener),
    removeEventListener: () => undefined,
  };
  vi.stubGlobal(
    'matchMedia',
    vi.fn(() => query),
  );
  return {
    set(next: boolean) {
      query.matches = next;
      for (const listener of listeners) listener();
    },
  };
}

const root = document.documentElement;

beforeEach(() => {
  localStorage.clear();
  root.classList.remove('dark');
});
afterEach(() => vi.unstubAllGlobals());

describe('the theme choice', () => {
  it('reads a stored choice, and anything else as system', () => {
    expect(parseThemeChoice('light')).toBe('light');
    expect(parseThemeChoice('dark')).toBe('dark');
    expect(parseThemeChoice('system')).toBe('system');
    expect(parseThemeChoice(null)).toBe('system');
    expect(parseThemeChoice('DARK')).toBe('system');
    expect(parseThemeChoice('')).toBe('system');
  });

  it('is dark when chosen, or when left to a dark system; light when chosen whatever the system says', () => {
    expect(isDark('dark', false)).toBe(true);
    expect(isDark('dark', true)).toBe(true);
    expect(isDark('light', true)).toBe(false);
    expect(isDark('light', false)).toBe(false);
    expect(isDark('system', true)).toBe(true);
    expect(isDark('system', false)).toBe(false);
  });

  it('keeps the choice on the device and applies it at once', () => {
    fakeSystem(false);
    expect(readThemeChoice()).toBe('system');
    setThemeChoice('dark');
    expect(localStorage.getItem(THEME_KEY)).toBe('dark');
    expect(root.classList.contains('dark')).toBe(true);
    setThemeChoice('light');
    expect(readThemeChoice()).toBe('light');
    expect(root.classList.contains('dark')).toBe(false);
  });

  it('System follows the system setting', () => {
    fakeSystem(true);
    setThemeChoice('system');
    expect(localStorage.getItem(THEME_KEY)).toBe('system');
    expect(root.classList.contains('dark')).toBe(true);
  });

  it('useThemeChoice gives the stored choice and follows a change from another tab', () => {
    fakeSystem(false);
    localStorage.setItem(THEME_KEY, 'light');
    const { result } = renderHook(() => useThemeChoice());
    expect(result.current[0]).toBe('light');
    act(() => result.current[1]('dark'));
    expect(result.current[0]).toBe('dark');
    act(() => {
      localStorage.setItem(THEME_KEY, 'system');
      dispatchEvent(new StorageEvent('storage', { key: THEME_KEY }));
    });
    expect(result.current[0]).toBe('system');
  });
});

describe("index.html's inline script (before first paint)", () => {
  const html = fs.readFileSync(path.resolve(__dirname, '../index.html'), 'utf8');
  const scripts = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => m[1]!);
  const headEnd = html.indexOf('</head>');

  it('is one inline script in <head>, before the app', () => {
    expect(scripts).toHaveLength(1);
    expect(html.indexOf('<script>')).toBeLessThan(headEnd);
  });

  const cases: [string | null, boolean][] = [];
  for (const stored of [null, 'system', 'light', 'dark', 'nonsense'])
    for (const systemDark of [false, true]) cases.push([stored, systemDark]);

  it.each(cases)('stored %s, system dark %s: the same answer as lib/theme', (stored, systemDark) => {
    fakeSystem(systemDark);
    if (stored !== null) localStorage.setItem(THEME_KEY, stored);
    new Function(scripts[0]!)();
    expect(root.classList.contains('dark')).toBe(isDark(parseThemeChoice(stored), systemDark));
  });

  it('follows the system setting when it changes, unless a theme is chosen', () => {
    const system = fakeSystem(false);
    new Function(scripts[0]!)();
    expect(root.classList.contains('dark')).toBe(false);
    system.set(true);
    expect(root.classList.contains('dark')).toBe(true);
    localStorage.setItem(THEME_KEY, 'light');
    system.set(false);
    system.set(true);
    expect(root.classList.contains('dark')).toBe(false);
  });
});
