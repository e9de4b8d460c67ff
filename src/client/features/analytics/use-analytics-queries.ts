import { useCallback, useMemo } from 'react';
import { useCourses } from '../../lib/api/courses';
import { CACHED, LIVE } from '../../lib/api/freshness';
import { useUserAnswers } from '../../lib/api/user-answers';
import { useAnalyticsQuestions } from './api/user-questions';

/**
 * The three reads both analytics pages are built from. 'simple' (/analytics) keeps all three at zero
 * staleness; 'advanced' (/progress) refetches the answers on mount and focus and uses the cached courses
 * and questions (which the screens that change them invalidate).
 */
export function useAnalyticsQueries(page: 'simple' | 'advanced') {
  const courses = useCourses(page === 'simple' ? LIVE : CACHED);
  const answers = useUserAnswers(LIVE);
  const questions = useAnalyticsQuestions(page === 'simple' ? LIVE : CACHED);
  const all = [courses, answers, questions];

  const refetchAll = useCallback(
    () => Promise.all([courses.refetch(), answers.refetch(), questions.refetch()]),
    [courses.refetch, answers.refetch, questions.refetch],
  );

  const data = useMemo(
    () =>
      courses.data && answers.data && questions.data ? { courses: courses.data, answers: answers.data, questions: questions.data } : null,
    [courses.data, answers.data, questions.data],
  );
  return {
    data,
    /** The first error of a read that has nothing to show. */
    error: all.find((q) => q.isError && q.data === undefined)?.error ?? null,
    /** An error of a refetch while earlier data is still shown. */
    staleError: all.find((q) => q.isError && q.data !== undefined)?.error ?? null,
    isFetching: all.some((q) => q.isFetching),
    refetchAll,
    /** Retries only what failed. */
    retryFailed: () => Promise.all(all.filter((q) => q.isError).map((q) => q.refetch())),
  };
}
