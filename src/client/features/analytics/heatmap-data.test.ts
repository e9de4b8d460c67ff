import { describe, expect, it } from 'vitest';
import { addDays, localDayKey } from './analytics-data';
import { HEATMAP_DAYS, heatmapCellLabel, heatmapCells, heatmapIntensity, heatmapLayout, heatmapLevel, studyStreaks } from './heatmap-data';
import { answer, course, localTime, question, studyDaysFromLists } from './test-fixtures';

const NOW = new Date(2026, 2, 10, 15, 0); // Tuesday 10 March 2026, local
const courses = [course('bio', 'Biology')];
const questions = [question('q1', 'bio', 'Cells')];

function daysFrom(entries: [daysAgo: number, count: number, seconds?: number][]) {
  const answers = entries.flatMap(([daysAgo, count, seconds = 0]) =>
    Array.from({ length: count }, (_, i) => answer('q1', 'bio', localTime(NOW, daysAgo, 8, i), 70, seconds)),
  );
  return studyDaysFromLists({ answers, questions, courses });
}

describe('heatmapCells: the 365-day window', () => {
  it('covers today and the previous 364 local days, oldest first', () => {
    const cells = heatmapCells(new Map(), NOW);
    expect(cells).toHaveLength(HEATMAP_DAYS);
    expect(cells[364].key).toBe('2026-03-10');
    expect(cells[0].key).toBe(localDayKey(addDays(NOW, -364)));
    expect(cells[0].key).toBe('2025-03-11');
    const keys = cells.map((c) => c.key);
    expect(new Set(keys).size).toBe(365); // no day twice, even across a DST change
  });

  it('puts each day’s questions and time in its cell, and leaves out days older than the window', () => {
    const cells = heatmapCells(
      daysFrom([
        [0, 3, 100],
        [364, 1, 60],
        [365, 5, 60],
      ]),
      NOW,
    );
    expect(cells[364]).toMatchObject({ questionsAnswered: 3, timeSpentSeconds: 300, level: 2 });
    expect(cells[0]).toMatchObject({ questionsAnswered: 1, timeSpentSeconds: 60, level: 1 });
    expect(cells.reduce((sum, c) => sum + c.questionsAnswered, 0)).toBe(4);
  });
});

describe('heatmap levels (§4, §9)', () => {
  it('has intensity questions / 10, capped at 1', () => {
    expect(heatmapIntensity(0)).toBe(0);
    expect(heatmapIntensity(4)).toBe(0.4);
    expect(heatmapIntensity(10)).toBe(1);
    expect(heatmapIntensity(30)).toBe(1);
  });

  it('steps at 0.2, 0.4, 0.6 and 0.8 and is full at 10 or more questions', () => {
    const levels = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 25].map(heatmapLevel);
    expect(levels).toEqual([0, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6]);
  });
});

describe('heatmapLayout', () => {
  it('places every day once, in the row of its weekday, one column per week', () => {
    const cells = heatmapCells(new Map(), NOW);
    const layout = heatmapLayout(cells);
    expect(layout.rows).toHaveLength(7);
    const placed = layout.rows.flat().filter((c) => c !== null);
    expect(placed).toHaveLength(365);
    layout.rows.forEach((row, weekday) => row.forEach((cell) => cell && expect(cell.date.getDay()).toBe(weekday)));
    // 11 March 2025 was a Tuesday (364 days = 52 weeks): the first column starts with empty Sunday and Monday
    expect(layout.rows[0][0]).toBeNull();
    expect(layout.rows[2][0]?.key).toBe('2025-03-11');
    expect(layout.weeks).toBe(53);
    expect(layout.rows[2][52]?.key).toBe('2026-03-10'); // today, Tuesday, last column
  });

  it('labels the week in which each month starts', () => {
    const layout = heatmapLayout(heatmapCells(new Map(), NOW));
    expect(layout.months[0]).toEqual({ week: 0, label: 'Mar' });
    expect(layout.months.map((m) => m.label)).toEqual([
      'Mar',
      'Apr',
      'May',
      'Jun',
      'Jul',
      'Aug',
      'Sep',
      'Oct',
      'Nov',
      'Dec',
      'Jan',
      'Feb',
      'Mar',
    ]);
    const weeks = layout.months.map((m) => m.week);
    expect([...weeks].sort((a, b) => a - b)).toEqual(weeks);
  });

  it('drops a partial first month whose label would collide with the next', () => {
    const lateMonth = new Date(2026, 2, 28); // window starts 29 March 2025, April starts days later
    const layout = heatmapLayout(heatmapCells(new Map(), lateMonth));
    expect(layout.months[0].label).toBe('Apr');
  });
});

describe('heatmapCellLabel', () => {
  it('names the date and the numbers', () => {
    const cells = heatmapCells(daysFrom([[0, 2, 900]]), NOW);
    expect(heatmapCellLabel(cells[364])).toBe('Tuesday, March 10, 2026: 2 questions answered, 30m studied');
    expect(heatmapCellLabel(cells[363])).toBe('Monday, March 9, 2026: no questions answered');
  });
});

describe('studyStreaks', () => {
  const keys = (daysAgo: number[]) => daysAgo.map((d) => localDayKey(addDays(NOW, -d)));

  it('counts the current run of days ending today and the longest run', () => {
    expect(studyStreaks(keys([0, 1, 2, 5, 6, 7, 8]), NOW)).toEqual({ current: 3, longest: 4, activeDays: 7 });
  });

  it('keeps the streak alive through yesterday while today has no study yet', () => {
    expect(studyStreaks(keys([1, 2]), NOW).current).toBe(2);
    expect(studyStreaks(keys([2, 3]), NOW).current).toBe(0);
  });

  it('follows runs across month ends', () => {
    const streak = studyStreaks(['2026-02-27', '2026-02-28', '2026-03-01', '2026-03-02'], new Date(2026, 2, 2, 12));
    expect(streak).toEqual({ current: 4, longest: 4, activeDays: 4 });
  });

  it('is zero without study', () => {
    expect(studyStreaks([], NOW)).toEqual({ current: 0, longest: 0, activeDays: 0 });
  });
});
