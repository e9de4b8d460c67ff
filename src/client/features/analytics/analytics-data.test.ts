import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CORRECT_SCORE_PERCENT,
  SESSION_GAP_MINUTES,
  UNKNOWN_SUBJECT,
  addDays,
  countCourses,
  dailyTrend,
  efficiencyScore,
  formatDuration,
  formatHours,
  formatMinutes,
  formatPercent,
  isCorrect,
  joinAnswers,
  localDayKey,
  masteryLabel,
  overallAverage,
  scoreBand,
  sessionTypeOf,
  splitSessions,
  summariseCourses,
  summariseDays,
  summariseSessionTypes,
  summariseSubjects,
  summariseTime,
  summariseToday,
  summariseTopics,
  timeBySubject,
} from './analytics-data';
import { recentActivityText } from './analytics-text';
import { answer, course, localTime, question } from './test-fixtures';

const NOW = new Date(2026, 2, 10, 15, 0); // 10 March 2026, 15:00 local

const courses = [course('bio', 'Biology'), course('chem', 'Chemistry'), course('bio2', 'biology ', { title: 'Biology Extra' })];
const questions = [
  question('q1', 'bio', 'Cells'),
  question('q2', 'bio', 'Cells'),
  question('q3', 'bio', 'Genetics'),
  question('q4', 'bio', null),
  question('q5', 'chem', 'Bonding'),
  question('q6', 'chem', 'Bonding'),
  question('q7', 'bio2', 'Cells'),
  question('q8', 'chem', 'Rates'),
];

describe('joinAnswers', () => {
  it('keeps submitted answers only, oldest first, with the subject of the question’s course and its topic', () => {
    const answers = [
      answer('q5', 'chem', localTime(NOW, 0, 10), 70, 300),
      answer('q1', 'bio', localTime(NOW, 1, 9), 80, 600),
      answer('q2', 'bio', localTime(NOW, 0, 9), null, 0, { submitted: false }),
      answer('q4', 'bio', localTime(NOW, 2, 9), 50, 60),
    ];
    const joined = joinAnswers(answers, questions, courses);
    expect(joined.map((a) => a.questionId)).toEqual(['q4', 'q1', 'q5']);
    expect(joined.map((a) => a.subject)).toEqual(['Biology', 'Biology', 'Chemistry']);
    expect(joined.map((a) => a.topic)).toEqual(['General', 'Cells', 'Bonding']);
    expect(joined[1].day).toBe(localDayKey(localTime(NOW, 1, 9)));
  });

  it('takes the course from the question, falls back to the answer’s course, and says Unknown when no course matches', () => {
    const answers = [
      answer('q1', 'chem', localTime(NOW, 0, 9), 80), // the question says Biology; it wins over the answer's courseId
      answer('gone', 'chem', localTime(NOW, 0, 10), 80), // question not listed: the answer's course
      answer('gone2', 'deleted', localTime(NOW, 0, 11), 80), // nothing matches
    ];
    const joined = joinAnswers(answers, questions, courses);
    expect(joined.map((a) => [a.courseId, a.subject])).toEqual([
      ['bio', 'Biology'],
      ['chem', 'Chemistry'],
      ['deleted', UNKNOWN_SUBJECT],
    ]);
  });

  it('uses the app’s default subject for a course whose subject is blank', () => {
    const joined = joinAnswers([answer('x', 'blank', NOW, 50)], [question('x', 'blank')], [course('blank', '  ')]);
    expect(joined[0].subject).toBe('Physics');
  });

  it('skips an answer whose date cannot be read', () => {
    expect(joinAnswers([answer('q1', 'bio', NOW, 50, 0, { createdAt: 'not a date' })], questions, courses)).toEqual([]);
  });
});

describe('correct answers', () => {
  it(`counts a marked answer as correct at ${CORRECT_SCORE_PERCENT}% or more`, () => {
    expect(isCorrect(60)).toBe(true);
    expect(isCorrect(100)).toBe(true);
    expect(isCorrect(59.9)).toBe(false);
    expect(isCorrect(0)).toBe(false);
    expect(isCorrect(null)).toBe(false);
  });
});

describe('summariseSubjects', () => {
  const answers = [
    answer('q1', 'bio', localTime(NOW, 3, 9), 80, 600),
    answer('q2', 'bio', localTime(NOW, 2, 9), 60, 300),
    answer('q3', 'bio', localTime(NOW, 1, 9), 40, 300),
    answer('q4', 'bio', localTime(NOW, 0, 9), null, 600), // submitted, not marked yet
    answer('q7', 'bio2', localTime(NOW, 0, 10), 100, 0), // "biology " groups with Biology
    answer('q5', 'chem', localTime(NOW, 0, 11), 59, 1800),
  ];
  const subjects = summariseSubjects(joinAnswers(answers, questions, courses), questions, courses);

  it('groups subjects case-insensitively, most answered first', () => {
    expect(subjects.map((s) => s.subject)).toEqual(['Biology', 'Chemistry']);
  });

  it('averages the marked answers only and counts correct answers at 60%', () => {
    const biology = subjects[0];
    expect(biology.questionsAnswered).toBe(5);
    expect(biology.markedAnswers).toBe(4);
    expect(biology.averageScore).toBe((80 + 60 + 40 + 100) / 4);
    expect(biology.correctAnswers).toBe(3); // 80, 60, 100
    const chemistry = subjects[1];
    expect(chemistry.averageScore).toBe(59);
    expect(chemistry.correctAnswers).toBe(0);
  });

  it('adds up the real time spent, and measures progress against the subject’s questions', () => {
    const biology = subjects[0];
    expect(biology.timeSpentSeconds).toBe(1800);
    expect(biology.timeSpent).toBe(30);
    expect(biology.questionsAvailable).toBe(5); // q1–q4 and q7
    expect(biology.progress).toBe(100);
    expect(biology.averageSecondsPerQuestion).toBe(360);
    expect(biology.efficiency).toBe(88); // 100 − 2 × 6 minutes
    const chemistry = subjects[1];
    expect(chemistry.questionsAvailable).toBe(3);
    expect(chemistry.progress).toBeCloseTo(100 / 3);
    expect(chemistry.efficiency).toBe(40); // 30 minutes on one question
  });

  it('has no average for a subject with nothing marked, and no efficiency without recorded time', () => {
    const [only] = summariseSubjects(joinAnswers([answer('q5', 'chem', NOW, null, 0)], questions, courses), questions, courses);
    expect(only.averageScore).toBeNull();
    expect(only.efficiency).toBeNull();
  });

  it('lists no subject without answers', () => {
    expect(summariseSubjects([], questions, courses)).toEqual([]);
  });
});

describe('efficiencyScore (§9)', () => {
  it('is 100 minus twice the average minutes per question, never below 0', () => {
    expect(efficiencyScore(0)).toBe(100);
    expect(efficiencyScore(5)).toBe(90);
    expect(efficiencyScore(50)).toBe(0);
    expect(efficiencyScore(80)).toBe(0);
  });
});

describe('summariseTopics', () => {
  it('gives each subject’s topic its average, answers and correct answers, sorted by subject then topic', () => {
    const answers = [
      answer('q1', 'bio', NOW, 90, 60),
      answer('q2', 'bio', NOW, 50, 60),
      answer('q3', 'bio', NOW, 70, 60),
      answer('q4', 'bio', NOW, null, 60),
      answer('q5', 'chem', NOW, 30, 60),
    ];
    const topics = summariseTopics(joinAnswers(answers, questions, courses));
    expect(topics.map((t) => [t.subject, t.topic, t.questionsAnswered, t.correctAnswers, t.averageScore])).toEqual([
      ['Biology', 'Cells', 2, 1, 70],
      ['Biology', 'General', 1, 0, null],
      ['Biology', 'Genetics', 1, 1, 70],
      ['Chemistry', 'Bonding', 1, 0, 30],
    ]);
  });
});

describe('summariseCourses', () => {
  it('lists every course with its own average, answers, correct answers and progress', () => {
    const answers = [answer('q1', 'bio', NOW, 85, 60), answer('q2', 'bio', NOW, 74.5, 60), answer('q5', 'chem', NOW, null, 60)];
    const rows = summariseCourses(joinAnswers(answers, questions, courses), questions, courses);
    expect(rows.map((r) => [r.courseId, r.questionsAnswered, r.averageScore, r.correctAnswers, r.questionsAvailable])).toEqual([
      ['bio', 2, 79.75, 2, 4],
      ['chem', 1, null, 0, 3],
      ['bio2', 0, null, 0, 1],
    ]);
    expect(rows[0].progress).toBe(50);
    expect(rows[2].progress).toBe(0);
  });

  it('falls back to the course’s totalQuestions when its questions are not listed', () => {
    const [row] = summariseCourses([], [], [course('solo', 'Physics', { totalQuestions: 12 })]);
    expect(row.questionsAvailable).toBe(12);
  });
});

describe('days and today, in local time', () => {
  it('groups answers by local calendar day with questions, minutes and the day’s average score', () => {
    const answers = [
      answer('q1', 'bio', localTime(NOW, 0, 0, 5), 80, 600), // just after local midnight: today
      answer('q2', 'bio', localTime(NOW, 0, 23, 55), null, 300),
      answer('q3', 'bio', localTime(NOW, 1, 23, 59), 40, 120), // yesterday
    ];
    const days = summariseDays(joinAnswers(answers, questions, courses));
    expect(days.get(localDayKey(NOW))).toEqual({
      date: localDayKey(NOW),
      questionsAnswered: 2,
      timeSpentSeconds: 900,
      timeSpent: 15,
      score: 80,
    });
    expect(days.get(localDayKey(addDays(NOW, -1)))?.questionsAnswered).toBe(1);
    expect(summariseToday(joinAnswers(answers, questions, courses), NOW)).toEqual({ questionsAnswered: 2, timeSpentSeconds: 900 });
  });

  it('counts nothing today when the latest answer was yesterday', () => {
    const joined = joinAnswers([answer('q1', 'bio', localTime(NOW, 1, 23, 59, 59), 80)], questions, courses);
    expect(summariseToday(joined, NOW).questionsAnswered).toBe(0);
  });

  describe('in a time zone far from UTC', () => {
    const savedTz = process.env.TZ;
    beforeAll(() => {
      process.env.TZ = 'Pacific/Auckland';
    });
    afterAll(() => {
      process.env.TZ = savedTz;
    });

    it('uses the local day, not the UTC day, for today and for the day key', () => {
      // 11:30 UTC on 22 November is 00:30 on 23 November in Auckland (UTC+13 in summer)
      const at = new Date('2026-11-22T11:30:00.000Z');
      expect(at.getTimezoneOffset()).toBe(-780); // the zone really is in force
      const now = new Date('2026-11-23T02:00:00.000Z'); // 15:00 on 23 November, Auckland
      const joined = joinAnswers([answer('q1', 'bio', at, 80)], questions, courses);
      expect(joined[0].day).toBe('2026-11-23');
      expect(summariseToday(joined, now).questionsAnswered).toBe(1);
      const yesterdayUtc = joinAnswers([answer('q1', 'bio', new Date('2026-11-22T10:30:00.000Z'), 80)], questions, courses);
      expect(yesterdayUtc[0].day).toBe('2026-11-22'); // 23:30 on the 22nd, Auckland
      expect(summariseToday(yesterdayUtc, now).questionsAnswered).toBe(0);
    });
  });
});

describe('splitSessions', () => {
  const at = (minutes: number, seconds = 0) => new Date(2026, 2, 10, 9, minutes, seconds);

  it(`keeps answers ${SESSION_GAP_MINUTES} minutes apart in one session and splits on a longer gap`, () => {
    const answers = [
      answer('q1', 'bio', at(0), 80, 100),
      answer('q2', 'bio', at(30), 80, 200), // exactly 30 minutes later: same session
      answer('q3', 'bio', at(60, 1), 80, 300), // 30 minutes and 1 second later: new session
      answer('q4', 'bio', at(75), 80, 400),
    ];
    const sessions = splitSessions(joinAnswers(answers, questions, courses));
    expect(sessions.map((s) => [s.questionsAnswered, s.timeSpentSeconds])).toEqual([
      [2, 300],
      [2, 700],
    ]);
    expect(sessions[0].start).toEqual(at(0));
    expect(sessions[0].end).toEqual(at(30));
  });

  it('orders answers by time first, whatever order they arrive in', () => {
    const answers = [answer('q1', 'bio', at(50), 80), answer('q2', 'bio', at(0), 80), answer('q3', 'bio', at(25), 80)];
    const joined = joinAnswers(answers, questions, courses).reverse();
    expect(splitSessions(joined).map((s) => s.questionsAnswered)).toEqual([3]);
  });

  it('has no sessions without answers', () => {
    expect(splitSessions([])).toEqual([]);
  });

  it('types sessions by size: quick (1–2), standard (3–9), extended (10+)', () => {
    expect([1, 2, 3, 9, 10, 40].map(sessionTypeOf)).toEqual(['quick', 'quick', 'standard', 'standard', 'extended', 'extended']);
    const answers = [...Array.from({ length: 3 }, (_, i) => answer(`s${i}`, 'bio', at(i), 80, 60)), answer('q9', 'bio', at(120), 80, 600)];
    const types = summariseSessionTypes(splitSessions(joinAnswers(answers, questions, courses)));
    expect(types.map((t) => [t.type, t.sessions, t.timeSpentSeconds, t.minutes])).toEqual([
      ['quick', 1, 600, 10],
      ['standard', 1, 180, 3],
      ['extended', 0, 0, 0],
    ]);
  });
});

describe('summariseTime', () => {
  it('totals the real time, and averages it per question and per session', () => {
    const answers = [
      answer('q1', 'bio', new Date(2026, 2, 10, 9, 0), 80, 240),
      answer('q2', 'bio', new Date(2026, 2, 10, 9, 10), 80, 360),
      answer('q3', 'bio', new Date(2026, 2, 10, 14, 0), 80, 600),
    ];
    const joined = joinAnswers(answers, questions, courses);
    expect(summariseTime(joined, splitSessions(joined))).toEqual({
      totalSeconds: 1200,
      questionsAnswered: 3,
      averageSecondsPerQuestion: 400,
      sessions: 2,
      averageSessionSeconds: 600,
    });
  });

  it('is all zeros without answers', () => {
    expect(summariseTime([], [])).toEqual({
      totalSeconds: 0,
      questionsAnswered: 0,
      averageSecondsPerQuestion: 0,
      sessions: 0,
      averageSessionSeconds: 0,
    });
  });
});

describe('dailyTrend and timeBySubject', () => {
  it('gives the last 30 local days ending today, with zeros on days without study', () => {
    const answers = [
      answer('q1', 'bio', localTime(NOW, 0, 9), 80, 1500),
      answer('q2', 'bio', localTime(NOW, 29, 9), 80, 90),
      answer('q3', 'bio', localTime(NOW, 30, 9), 80, 60),
    ];
    const trend = dailyTrend(summariseDays(joinAnswers(answers, questions, courses)), NOW);
    expect(trend).toHaveLength(30);
    expect(trend[29]).toEqual({ date: '2026-03-10', label: '3/10', minutes: 25, questions: 1 });
    expect(trend[0]).toEqual({ date: '2026-02-09', label: '2/9', minutes: 2, questions: 1 });
    expect(trend.slice(1, 29).every((d) => d.minutes === 0 && d.questions === 0)).toBe(true);
  });

  it('lists subjects with recorded time, most first', () => {
    const answers = [answer('q1', 'bio', NOW, 80, 120), answer('q5', 'chem', NOW, 80, 600), answer('q6', 'chem', NOW, 80, 0)];
    const joined = joinAnswers(answers, questions, courses);
    expect(timeBySubject(summariseSubjects(joined, questions, courses))).toEqual([
      { subject: 'Chemistry', minutes: 10, timeSpentSeconds: 600 },
      { subject: 'Biology', minutes: 2, timeSpentSeconds: 120 },
    ]);
    const untimed = joinAnswers([answer('q1', 'bio', NOW, 80, 0)], questions, courses);
    expect(timeBySubject(summariseSubjects(untimed, questions, courses))).toEqual([]);
  });
});

describe('overall figures', () => {
  it('counts distinct courses and averages every marked answer', () => {
    const joined = joinAnswers(
      [answer('q1', 'bio', NOW, 90), answer('q2', 'bio', NOW, null), answer('q5', 'chem', NOW, 60)],
      questions,
      courses,
    );
    expect(countCourses(joined)).toBe(2);
    expect(overallAverage(joined)).toBe(75);
    expect(overallAverage([])).toBeNull();
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
