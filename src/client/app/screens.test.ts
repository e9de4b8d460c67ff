import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { LAZY_SCREENS, SCREEN_PARTS, type LazyScreen } from './pages';
import { SCREENS } from './screens';

describe('the lazy screens', () => {
  it('imports, for each screen of the route table, the module the table names (the build preloads that module’s chunk)', () => {
    const source = fs.readFileSync(new URL('./screens.ts', import.meta.url), 'utf8');
    expect(Object.keys(SCREENS).sort()).toEqual(Object.keys(LAZY_SCREENS).sort());
    for (const [name, module] of Object.entries(LAZY_SCREENS) as [LazyScreen, string][]) {
      const key = /^[a-z]+$/.test(name) ? name : `'${name}'`;
      expect(source, name).toContain(`  ${key}: screen(() => import('../${module}')`);
      expect(fs.existsSync(new URL(`../${module}.tsx`, import.meta.url)), module).toBe(true);
    }
    for (const part of Object.values(SCREEN_PARTS).flat())
      expect(fs.existsSync(new URL(`../${part}.tsx`, import.meta.url)), part).toBe(true);
  });
});
