/** The analytics screens' words from the spec (§2, §8), used exactly. */
export const ANALYTICS_TEXT = {
  loading: 'Loading your analytics data...',
  noTopics: 'No topic analysis available yet',
  noTopicsDetail: 'Answer questions to see your performance analysis by topic',
  noSubjects: 'No subject performance data yet',
  noPredictions: 'No predictions available yet.',
  noCourses: 'No courses available',
  availableToPractice: 'Available to practice',
  practisedToday: 'Great job practicing today!',
  notPractisedToday: 'Start practicing to see your progress',
  noRecentActivity: 'Start practicing to see your activity here.',
  refresh: 'Refresh Data',
  timeSpent: 'Time Spent',
} as const;

/**
 * §2 Recent Activity: 'You've answered N questions across M courses.' The words follow the numbers
 * ('1 question', '1 course'); with any other counts the sentence is the spec's, word for word.
 */
export function recentActivityText(questions: number, courses: number): string {
  return `You've answered ${questions} ${questions === 1 ? 'question' : 'questions'} across ${courses} ${courses === 1 ? 'course' : 'courses'}.`;
}
