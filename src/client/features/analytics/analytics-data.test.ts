import { describe, expect, it } from 'vitest';
import { formatDayMonth, formatPercent } from '../../lib/format';
import {
  dailyTrend,
  efficiencyScore,
  formatDuration,
  formatHours,
  formatMinutes,
  masteryLabel,
  scoreBand,
  timeBySubject,
  type SubjectPerformance,
} from './analytics-data';
import { recentActivityText } from './analytics-text';
import { answer, course, localTime, question, studyDaysFromLists } from './test-fixtures';

const NOW = new Date(2026, 2, 10, 15, 0); // 10 March 2026, 15:00 local

const courses = [course('bio', 'Biology')];
const questions = [question('q1', 'bio', 'Cells'), question('q2', 'bio', 'Cells'), question('q3', 'bio', 'Genetics')];

describe('efficiencyScore (§9)', () => {
  it('is 100 minus twice the average minutes per question, never below 0', () => {
    expect(efficiencyScore(0)).toBe(100);
    expect(efficiencyScore(5)).toBe(90);
    expect(efficiencyScore(50)).toBe(0);
    expect(efficiencyScore(80)).toBe(0);
  });
});

describe('dailyTrend and timeBySubject', () => {
  it('gives the last 30 local days ending today, with zeros on days without study', () => {
    const answers = [
      answer('q1', 'bio', localTime(NOW, 0, 9), 80, 1500),
      answer('q2', 'bio', localTime(NOW, 29, 9), 80, 90),
      answer('q3', 'bio', localTime(NOW, 30, 9), 80, 60),
    ];
    const trend = dailyTrend(studyDaysFromLists({ answers, questions, courses }), NOW);
    expect(trend).toHaveLength(30);
    // The axis label is the day and month as the browser writes them (lib/format.ts: 10/03 in en-GB, 3/10 in en-US).
    expect(trend[29]).toEqual({ date: '2026-03-10', label: formatDayMonth(new Date(2026, 2, 10)), minutes: 25, questions: 1 });
    expect(trend[0]).toEqual({ date: '2026-02-09', label: formatDayMonth(new Date(2026, 1, 9)), minutes: 2, questions: 1 });
    expect(trend.slice(1, 29).every((d) => d.minutes === 0 && d.questions === 0)).toBe(true);
  });

  it('lists subjects with recorded time, most first', () => {
    const subject = (name: string, timeSpentSeconds: number) => ({ subject: name, timeSpentSeconds }) as SubjectPerformance;
    expect(timeBySubject([subject('Biology', 120), subject('Chemistry', 600), subject('Physics', 0)])).toEqual([
      { subject: 'Chemistry', minutes: 10, timeSpentSeconds: 600 },
      { subject: 'Biology', minutes: 2, timeSpentSeconds: 120 },
    ]);
    expect(timeBySubject([subject('Biology', 0)])).toEqual([]);
  });
});

describe('scoreBand (§9 course score colours)', () => {
  it('is green at 80 or more, blue at 60 or more, yellow at 40 or more, red below', () => {
    expect([100, 80, 79.9, 60, 59.9, 40, 39.9, 0].map(scoreBand)).toEqual([
      'green',
      'green',
      'blue',
      'blue',
      'yellow',
      'yellow',
      'red',
      'red',
    ]);
  });

  it('judges the score as shown to one decimal, so 79.96 (shown 80.0) is green', () => {
    expect(scoreBand(79.96)).toBe('green');
    expect(scoreBand(79.94)).toBe('blue');
  });

  it('names mastery on the same bands', () => {
    expect([85, 65, 45, 10, null].map(masteryLabel)).toEqual(['Mastered', 'Proficient', 'Developing', 'Beginning', 'Not marked yet']);
  });
});

describe('formatting', () => {
  it("writes time as 'Nm' under an hour and 'Hh Mm' from an hour (§9)", () => {
    expect(formatMinutes(0)).toBe('0m');
    expect(formatMinutes(0.3)).toBe('<1m');
    expect(formatMinutes(1)).toBe('1m');
    expect(formatMinutes(59.4)).toBe('59m');
    expect(formatMinutes(59.6)).toBe('1h 0m');
    expect(formatMinutes(60)).toBe('1h 0m');
    expect(formatMinutes(125)).toBe('2h 5m');
    expect(formatDuration(3900)).toBe('1h 5m');
    expect(formatDuration(45)).toBe('1m');
    expect(formatDuration(20)).toBe('<1m');
  });

  it('writes hours as minutes / 60 to one decimal, and percentages to the digits asked', () => {
    expect(formatHours(5400)).toBe('1.5');
    expect(formatHours(0)).toBe('0.0');
    expect(formatPercent(72.456)).toBe('72.5%');
    expect(formatPercent(72.456, 0)).toBe('72%');
  });

  it("words Recent Activity as the spec does: 'You've answered N questions across M courses.'", () => {
    expect(recentActivityText(12, 3)).toBe("You've answered 12 questions across 3 courses.");
    expect(recentActivityText(1, 1)).toBe("You've answered 1 question across 1 course.");
  });
});
