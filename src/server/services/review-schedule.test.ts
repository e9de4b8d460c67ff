import { describe, expect, it } from 'vitest';
import {
  capDueToExam,
  countDue,
  dueBucket,
  lastReviewDay,
  RATING_BANDS,
  ratingFromMarks,
  ratingOfGrade,
  gradeOf,
  reviewWindow,
  scheduleReview,
  scorePercent,
  utcDay,
} from './review-schedule';

const at = (iso: string) => new Date(iso);
const DAY = 86_400_000;
const daysBetween = (a: Date, b: Date) => (b.getTime() - a.getTime()) / DAY;

describe('rule 1: the rating from the percentage of the marks', () => {
  it('puts each band edge in the band above it (40% Hard, 70% Good, 90% Easy)', () => {
    expect(RATING_BANDS.map((b) => [b.below, b.rating])).toEqual([
      [40, 'Again'],
      [70, 'Hard'],
      [90, 'Good'],
    ]);
    const cases: [number, number, string][] = [
      [0, 10, 'Again'],
      [3.9, 10, 'Again'],
      [4, 10, 'Hard'],
      [6.9, 10, 'Hard'],
      [7, 10, 'Good'],
      [8.9, 10, 'Good'],
      [9, 10, 'Easy'],
      [10, 10, 'Easy'],
      [1, 3, 'Again'], // 33%
      [2, 3, 'Hard'], // 67%
      [5, 6, 'Good'], // 83%
    ];
    for (const [marks, total, rating] of cases) expect(ratingFromMarks(marks, total), `${marks}/${total}`).toBe(rating);
  });

  it('clamps odd marks and rates a question worth nothing as Again', () => {
    expect(scorePercent(12, 10)).toBe(100);
    expect(scorePercent(-2, 10)).toBe(0);
    expect(scorePercent(3, 0)).toBe(0);
    expect(ratingFromMarks(3, 0)).toBe('Again');
    expect(ratingFromMarks(Number.NaN, 5)).toBe('Again');
    expect(ratingFromMarks(12, 10)).toBe('Easy');
  });

  it('maps ratings to FSRS grades and back', () => {
    for (const rating of ['Again', 'Hard', 'Good', 'Easy'] as const) expect(ratingOfGrade(gradeOf(rating))).toBe(rating);
    expect(gradeOf('Again')).toBe(1);
    expect(gradeOf('Easy')).toBe(4);
  });
});

describe('rule 2: plain FSRS in whole days', () => {
  const now = at('2026-11-24T10:00:00.000Z');

  it('brings a first answer back sooner the worse it went, never the same day', () => {
    const intervals = ([0, 5, 8, 10] as const).map((marks) => {
      const next = scheduleReview({ card: null, marksAwarded: marks, totalMarks: 10, examDate: null, now });
      expect(next.due).toEqual(next.fsrsDue);
      return daysBetween(now, next.due);
    });
    for (const days of intervals) {
      expect(Number.isInteger(days)).toBe(true);
      expect(days).toBeGreaterThanOrEqual(1);
    }
    expect(intervals[0]).toBe(1); // Again: tomorrow
    expect(intervals[0]).toBeLessThan(intervals[1]);
    expect(intervals[1]).toBeLessThan(intervals[2]);
    expect(intervals[2]).toBeLessThan(intervals[3]);
  });

  it('records the rating and score, and grows the interval on a second good answer', () => {
    const first = scheduleReview({ card: null, marksAwarded: 8, totalMarks: 10, examDate: null, now });
    expect(first).toMatchObject({ rating: 'Good', score: 80, reviewedAt: now });
    expect(first.fsrs.reps).toBe(1);
    const second = scheduleReview({
      card: { fsrs: first.fsrs, fsrsDue: first.fsrsDue, lastReviewedAt: first.reviewedAt },
      marksAwarded: 8,
      totalMarks: 10,
      examDate: null,
      now: first.due,
    });
    expect(second.fsrs.reps).toBe(2);
    expect(daysBetween(first.due, second.due)).toBeGreaterThan(daysBetween(now, first.due));
  });

  it('counts a lapse and shortens the interval when a known question goes badly', () => {
    const first = scheduleReview({ card: null, marksAwarded: 10, totalMarks: 10, examDate: null, now });
    const card = { fsrs: first.fsrs, fsrsDue: first.fsrsDue, lastReviewedAt: first.reviewedAt };
    const failed = scheduleReview({ card, marksAwarded: 1, totalMarks: 10, examDate: null, now: first.due });
    expect(failed.rating).toBe('Again');
    expect(failed.fsrs.lapses).toBe(1);
    expect(daysBetween(first.due, failed.due)).toBeLessThan(daysBetween(now, first.due));
  });

  it('is deterministic: the same history gives the same dates', () => {
    const a = scheduleReview({ card: null, marksAwarded: 6, totalMarks: 10, examDate: null, now });
    const b = scheduleReview({ card: null, marksAwarded: 6, totalMarks: 10, examDate: null, now });
    expect(a).toEqual(b);
  });
});

describe('rule 3: reviews fall before the exam date', () => {
  const now = at('2026-11-24T10:00:00.000Z');

  it('brings a due date on or after the exam day to the start of the day before it', () => {
    expect(capDueToExam(at('2026-12-10T10:00:00Z'), '2026-12-01', now)).toEqual(at('2026-11-30T00:00:00Z'));
    expect(capDueToExam(at('2026-12-01T00:00:00Z'), '2026-12-01', now)).toEqual(at('2026-11-30T00:00:00Z'));
    // Before the exam day: unchanged, even late on the day before.
    expect(capDueToExam(at('2026-11-30T23:59:59Z'), '2026-12-01', now)).toEqual(at('2026-11-30T23:59:59Z'));
    expect(capDueToExam(at('2026-11-26T10:00:00Z'), '2026-12-01', now)).toEqual(at('2026-11-26T10:00:00Z'));
  });

  it('leaves plain FSRS when no day is left before the exam, or there is no exam date', () => {
    const late = at('2026-12-20T10:00:00Z');
    expect(lastReviewDay('2026-11-26', now)).toEqual(at('2026-11-25T00:00:00Z'));
    expect(lastReviewDay('2026-11-25', now)).toBeNull(); // the exam is tomorrow: today was the last day
    expect(lastReviewDay('2026-11-24', now)).toBeNull(); // today
    expect(lastReviewDay('2026-11-01', now)).toBeNull(); // passed
    expect(lastReviewDay(null, now)).toBeNull();
    expect(capDueToExam(late, '2026-11-25', now)).toEqual(late);
    expect(capDueToExam(late, '2026-11-01', now)).toEqual(late);
    expect(capDueToExam(late, null, now)).toEqual(late);
  });

  it('schedules an easy first answer before a near exam, keeping FSRS’s own date alongside', () => {
    const plain = scheduleReview({ card: null, marksAwarded: 10, totalMarks: 10, examDate: null, now });
    expect(daysBetween(now, plain.due)).toBeGreaterThan(5);
    const capped = scheduleReview({ card: null, marksAwarded: 10, totalMarks: 10, examDate: '2026-11-28', now });
    expect(capped.due).toEqual(at('2026-11-27T00:00:00Z'));
    expect(capped.fsrsDue).toEqual(plain.fsrsDue);
    expect(capped.fsrs).toEqual(plain.fsrs);
    // A short interval that falls before the exam anyway is not moved.
    const again = scheduleReview({ card: null, marksAwarded: 0, totalMarks: 10, examDate: '2026-11-28', now });
    expect(again.due).toEqual(again.fsrsDue);
  });

  it('never schedules past the exam while days remain, over a run of reviews', () => {
    const exam = '2026-12-15';
    let card: { fsrs: ReturnType<typeof scheduleReview>['fsrs']; fsrsDue: Date; lastReviewedAt: Date } | null = null;
    let when = now;
    for (let i = 0; i < 6 && lastReviewDay(exam, when); i++) {
      const next = scheduleReview({ card, marksAwarded: 9, totalMarks: 10, examDate: exam, now: when });
      expect(next.due.getTime()).toBeLessThan(at(`${exam}T00:00:00Z`).getTime());
      card = { fsrs: next.fsrs, fsrsDue: next.fsrsDue, lastReviewedAt: next.reviewedAt };
      when = new Date(Math.max(next.due.getTime(), when.getTime() + DAY));
    }
  });
});

describe('rule 4: due today, overdue and this week, by UTC day', () => {
  it('sets the window from UTC midnight', () => {
    const w = reviewWindow(at('2026-11-24T23:30:00Z'));
    expect(w.todayStart).toEqual(at('2026-11-24T00:00:00Z'));
    expect(w.tomorrowStart).toEqual(at('2026-11-25T00:00:00Z'));
    expect(w.weekEnd).toEqual(at('2026-12-02T00:00:00Z'));
    expect(utcDay(at('2026-11-24T23:59:59.999Z'))).toBe('2026-11-24');
  });

  it('moves a card from today to overdue across midnight, and tomorrow’s card into today', () => {
    const lateToday = at('2026-11-24T23:59:00Z');
    const midnight = at('2026-11-25T00:00:00Z');
    const before = at('2026-11-24T23:59:30Z');
    const after = at('2026-11-25T00:00:30Z');
    expect(dueBucket(lateToday, before)).toBe('today');
    expect(dueBucket(midnight, before)).toBe('week');
    expect(dueBucket(lateToday, after)).toBe('overdue');
    expect(dueBucket(midnight, after)).toBe('today');
    // A card due later today counts as due today already in the morning.
    expect(dueBucket(at('2026-11-24T18:00:00Z'), at('2026-11-24T06:00:00Z'))).toBe('today');
  });

  it('counts overdue inside due today, and the next seven days as this week', () => {
    const now = at('2026-11-24T12:00:00Z');
    const dues = [
      at('2026-11-20T09:00:00Z'), // overdue
      at('2026-11-23T23:59:59Z'), // overdue
      at('2026-11-24T00:00:00Z'), // today
      at('2026-11-24T20:00:00Z'), // today, later
      at('2026-11-25T00:00:00Z'), // week (tomorrow)
      at('2026-12-01T23:59:59Z'), // week (seventh day after today)
      at('2026-12-02T00:00:00Z'), // later
    ];
    expect(countDue(dues, now)).toEqual({ dueToday: 4, overdue: 2, upcomingWeek: 2 });
    expect(countDue(dues, at('2026-11-25T00:00:01Z'))).toEqual({ dueToday: 5, overdue: 4, upcomingWeek: 2 });
    expect(countDue([], now)).toEqual({ dueToday: 0, overdue: 0, upcomingWeek: 0 });
  });
});
