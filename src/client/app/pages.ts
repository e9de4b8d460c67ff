import { queryKeys, type QueryKey } from '../lib/api/query-keys';

// The signed-in app's one route table: each path, the screen it shows and the reads that screen makes as it opens.
// signed-in-app.tsx renders its routes from it, in this order (the first match wins, as in wouter's Switch);
// page-loaders.ts fetches a page's code and starts its reads together from it, and the build turns it into
// index.html's preload script, which does the same as soon as the page arrives, before the app's first download has
// run (page-preload-script.ts, vite.config.ts). So this module holds only data (patterns, screen names, the lazy
// screens' modules, query keys), never a screen's code or an import(): screens.ts loads the screens.

export type PageParams = Record<string, string>;

/**
 * Screens loaded when first opened, each its own chunk: the module under src/client/ (screens.ts imports it; the
 * build finds its chunk by this path).
 */
export const LAZY_SCREENS = {
  analytics: 'features/analytics/analytics-page',
  progress: 'features/analytics/progress-page',
  exam: 'features/exam/exam-page',
  results: 'features/results/results-page',
  disputes: 'features/disputes/disputes-page',
  review: 'features/review/review-page',
  'pdf-documents': 'features/pdf-documents/pdf-documents-page',
  'teacher-grading': 'features/teacher-grading/teacher-grading-page',
  classes: 'features/classes/classes-page',
  class: 'features/classes/class-page',
  'join-class': 'features/classes/join-class-page',
  'review-answers': 'features/classes/review-answers-page',
  specification: 'features/courses/specification-page',
  account: 'features/account/account-page',
} as const;

/** A screen loaded when first opened: its own chunk. */
export type LazyScreen = keyof typeof LAZY_SCREENS;

/**
 * Parts a lazy screen draws as it opens that are chunks of their own (React.lazy in the screen), as modules under
 * src/client/: index.html's preload script fetches them with the screen's code, not after it has arrived and run.
 */
export const SCREEN_PARTS: Partial<Record<LazyScreen, readonly string[]>> = {
  exam: ['features/exam/components/feedback-panel', 'features/exam/components/tutor-chat'],
};

/**
 * Screens whose first paint writes no number or date through Intl (the exam: the question, its type and marks, the
 * answer box). page-loaders.ts makes the browser's first number and date formatters ahead of the screen's first
 * render for every other screen, while the app waits for its files; on these that work (tens of milliseconds, four
 * times that on Lighthouse's phone) would only sit in front of the screen's first paint.
 */
export const NO_FORMATS_ON_OPEN: ReadonlySet<string> = new Set<LazyScreen>(['exam']);

/** Screens that come with the signed-in app itself (signed-in-app.tsx renders them). */
export type BuiltInScreen = 'home' | 'course' | 'papers' | 'paper-overview' | 'reset-password';

export function isLazyScreen(screen: LazyScreen | BuiltInScreen): screen is LazyScreen {
  return Object.prototype.hasOwnProperty.call(LAZY_SCREENS, screen);
}

export interface Page {
  path: string;
  /** A name for the screen: routes that show the same screen keep it mounted from one to the next. */
  name: string;
  screen: LazyScreen | BuiltInScreen;
  /** The reads the screen makes as it opens (the keys its hooks use), from the path's parameters. */
  queries?: (params: PageParams) => QueryKey[];
  /** A read that follows from another's reply: asked as soon as that reply is in. */
  then?: FollowingReads;
}

export interface FollowingReads {
  after: (params: PageParams) => QueryKey;
  queries: (reply: unknown) => QueryKey[];
}

/** Ids as the server makes them (letters, digits, '-'): a URL made of them is the same however the router decodes the path. */
export const isId = (id: unknown): id is string => typeof id === 'string' && /^[\w-]+$/.test(id);

/** A paper's exam: the course, the paper, its questions, the student's answers, and the open question's answer. */
const examOfPaper = ({ courseId, paperId, questionId }: PageParams): QueryKey[] => [
  queryKeys.course(courseId),
  queryKeys.paper(paperId),
  queryKeys.paperQuestions(paperId),
  queryKeys.userAnswers(),
  ...(questionId ? [queryKeys.answer(questionId)] : []),
];

/** A paper's results: marks, feedback and time per question, in one read. */
const resultsOfPaper = ({ paperId }: PageParams): QueryKey[] => [queryKeys.paperResults(paperId)];

/** Opened without a question, the exam shows the paper's first: its answer is asked for once the questions are in. */
const firstAnswer: FollowingReads = {
  after: ({ paperId }) => queryKeys.paperQuestions(paperId),
  queries: (questions) => {
    const first: unknown = Array.isArray(questions) ? (questions[0] as { id?: unknown } | undefined)?.id : undefined;
    return isId(first) ? [queryKeys.answer(first)] : [];
  },
};

export const PAGES: readonly Page[] = [
  { path: '/', name: 'home', screen: 'home', queries: () => [queryKeys.courses(), queryKeys.assignments()] },
  { path: '/auth', name: 'home', screen: 'home' },
  { path: '/courses/:courseId', name: 'course', screen: 'course' },
  { path: '/courses/:courseId/questions/:questionId', name: 'exam', screen: 'exam' },
  {
    path: '/courses/:courseId/specification',
    name: 'specification',
    screen: 'specification',
    queries: ({ courseId }) => [queryKeys.course(courseId), queryKeys.courseSpecification(courseId)],
  },
  { path: '/courses/:courseId/papers', name: 'papers', screen: 'papers' },
  { path: '/courses/:courseId/papers/:paperId', name: 'paper-overview', screen: 'paper-overview' },
  { path: '/courses/:courseId/papers/:paperId/questions/:questionId', name: 'exam', screen: 'exam', queries: examOfPaper },
  { path: '/courses/:courseId/papers/:paperId/exam', name: 'exam', screen: 'exam', queries: examOfPaper, then: firstAnswer },
  { path: '/courses/:courseId/papers/:paperId/results', name: 'results', screen: 'results', queries: resultsOfPaper },
  { path: '/exam/:courseId', name: 'exam', screen: 'exam' },
  { path: '/progress', name: 'progress', screen: 'progress' },
  { path: '/analytics', name: 'analytics', screen: 'analytics' },
  { path: '/pdf-documents', name: 'pdf-documents', screen: 'pdf-documents' },
  { path: '/teacher-grading', name: 'teacher-grading', screen: 'teacher-grading' },
  { path: '/disputes', name: 'disputes', screen: 'disputes' },
  { path: '/review', name: 'review', screen: 'review' },
  { path: '/classes', name: 'classes', screen: 'classes' },
  { path: '/classes/:classId/assignments/:assignmentId/review', name: 'review-answers', screen: 'review-answers' },
  { path: '/classes/:classId', name: 'class', screen: 'class' },
  { path: '/join/:code', name: 'join-class', screen: 'join-class' },
  { path: '/account', name: 'account', screen: 'account' },
  // The e-mailed reset link opened while signed in (issue 25): the reset ends this session too.
  { path: '/auth/reset', name: 'reset-password', screen: 'reset-password' },
  { path: '/question-papers/:paperId', name: 'paper-overview', screen: 'paper-overview' },
  { path: '/question-papers/:paperId/results', name: 'results', screen: 'results', queries: resultsOfPaper },
];

/**
 * A pattern above as wouter's default matcher (regexparam) reads it: ':name' is one segment, a trailing slash is
 * allowed, letters match in either case (flag 'i'). The regular expression's source and the parameters' names.
 */
export function patternOf(pattern: string): { source: string; names: string[] } {
  const names: string[] = [];
  const source = pattern.replace(/\/:(\w+)/g, (_, name: string) => {
    names.push(name);
    return '/([^/]+?)';
  });
  return { source: `^${source}/?$`, names };
}

/** The parameters if the path matches the pattern (patternOf). */
export function matchPath(pattern: string, pathname: string): PageParams | null {
  const { source, names } = patternOf(pattern);
  const found = new RegExp(source, 'i').exec(pathname);
  if (!found) return null;
  return Object.fromEntries(names.map((name, i) => [name, found[i + 1]]));
}

/** The page shown at this path and its parameters (undefined: the not-found page). */
export function pageAt(pathname: string): { page: Page; params: PageParams } | undefined {
  for (const page of PAGES) {
    const params = matchPath(page.path, pathname);
    if (params) return { page, params };
  }
  return undefined;
}
