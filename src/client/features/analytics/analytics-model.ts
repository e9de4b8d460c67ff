import type { Course, Question } from '../../../shared/practice';
import {
  countCourses,
  dailyTrend,
  joinAnswers,
  overallAverage,
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
import type { UserAnswer } from '../../../shared/practice';
import { heatmapCells, studyStreaks } from './heatmap-data';
import { predictSubjects } from './predictions';

/** Everything both analytics pages show, computed once from the three lists. */
export function buildAnalytics(input: { answers: UserAnswer[]; questions: Question[]; courses: Course[] }, now: Date) {
  const answered = joinAnswers(input.answers, input.questions, input.courses);
  const subjects = summariseSubjects(answered, input.questions, input.courses);
  const topics = summariseTopics(answered);
  const days = summariseDays(answered);
  const sessions = splitSessions(answered);
  return {
    questionsAvailable: input.questions.length,
    answersSubmitted: answered.length,
    markedAnswers: answered.filter((a) => a.score !== null).length,
    coursesAnswered: countCourses(answered),
    averageScore: overallAverage(answered),
    today: summariseToday(answered, now),
    subjects,
    topics,
    courses: summariseCourses(answered, input.questions, input.courses),
    heatmap: heatmapCells(days, now),
    streaks: studyStreaks(days.keys(), now),
    time: summariseTime(answered, sessions),
    sessionTypes: summariseSessionTypes(sessions),
    trend: dailyTrend(days, now),
    timeBySubject: timeBySubject(subjects),
    predictions: predictSubjects(answered, subjects, topics),
  };
}

export type Analytics = ReturnType<typeof buildAnalytics>;
