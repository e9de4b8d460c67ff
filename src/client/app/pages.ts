import type { ComponentType } from 'react';
import { queryKeys, type QueryKey } from '../lib/api/query-keys';
import { preloadable, type Preloadable } from '../lib/lazy-screen';

// The signed-in app's one route table: each path, the screen it shows and the reads that screen makes as it opens.
// signed-in-app.tsx renders its routes from it, in this order (the first match wins, as in wouter's Switch), and
// page-loaders.ts uses it to fetch a page's code and start its reads together on a reload. This module is in the
// first download (routes.tsx), so it holds only loaders, patterns and query keys, never a screen's code.

export type PageParams = Record<string, string>;

/** A screen loaded when first opened: its own chunk. */
export type LazyScreen = Preloadable<ComponentType>;

/** Screens that come with the signed-in app itself (signed-in-app.tsx renders them). */
export type BuiltInScreen = 'home' | 'course' | 'papers' | 'paper-overview' | 'reset-password';

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

const screen = (load: () => Promise<ComponentType>): LazyScreen => preloadable(load);

const analytics = screen(() => import('../features/analytics/analytics-page').then((m) => m.AnalyticsPage));
const progress = screen(() => import('../features/analytics/progress-page').then((m) => m.ProgressPage));
const exam = screen(() => import('../features/exam/exam-page').then((m) => m.ExamPage));
const results = screen(() => import('../features/results/results-page').then((m) => m.ResultsPage));
const disputes = screen(() => import('../features/disputes/disputes-page').then((m) => m.DisputesPage));
const review = screen(() => import('../features/review/review-page').then((m) => m.ReviewPage));
const pdfDocuments = screen(() => import('../features/pdf-documents/pdf-documents-page').then((m) => m.PdfDocumentsPage));
const teacherGrading = screen(() => import('../features/teacher-grading/teacher-grading-page').then((m) => m.TeacherGradingPage));
const classes = screen(() => import('../features/classes/classes-page').then((m) => m.ClassesPage));
const classPage = screen(() => import('../features/classes/class-page').then((m) => m.ClassPage));
const joinClass = screen(() => import('../features/classes/join-class-page').then((m) => m.JoinClassPage));
const reviewAnswers = screen(() => import('../features/classes/review-answers-page').then((m) => m.ReviewAnswersPage));
const specification = screen(() => import('../features/courses/specification-page').then((m) => m.SpecificationPage));
const account = screen(() => import('../features/account/account-page').then((m) => m.AccountPage));

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
  { path: '/courses/:courseId/questions/:questionId', name: 'exam', screen: exam },
  {
    path: '/courses/:courseId/specification',
    name: 'specification',
    screen: specification,
    queries: ({ courseId }) => [queryKeys.course(courseId), queryKeys.courseSpecification(courseId)],
  },
  { path: '/courses/:courseId/papers', name: 'papers', screen: 'papers' },
  { path: '/courses/:courseId/papers/:paperId', name: 'paper-overview', screen: 'paper-overview' },
  { path: '/courses/:courseId/papers/:paperId/questions/:questionId', name: 'exam', screen: exam, queries: examOfPaper },
  { path: '/courses/:courseId/papers/:paperId/exam', name: 'exam', screen: exam, queries: examOfPaper, then: firstAnswer },
  { path: '/courses/:courseId/papers/:paperId/results', name: 'results', screen: results, queries: resultsOfPaper },
  { path: '/exam/:courseId', name: 'exam', screen: exam },
  { path: '/progress', name: 'progress', screen: progress },
  { path: '/analytics', name: 'analytics', screen: analytics },
  { path: '/pdf-documents', name: 'pdf-documents', screen: pdfDocuments },
  { path: '/teacher-grading', name: 'teacher-grading', screen: teacherGrading },
  { path: '/disputes', name: 'disputes', screen: disputes },
  { path: '/review', name: 'review', screen: review },
  { path: '/classes', name: 'classes', screen: classes },
  { path: '/classes/:classId/assignments/:assignmentId/review', name: 'review-answers', screen: reviewAnswers },
  { path: '/classes/:classId', name: 'class', screen: classPage },
  { path: '/join/:code', name: 'join-class', screen: joinClass },
  { path: '/account', name: 'account', screen: account },
  // The e-mailed reset link opened while signed in (issue 25): the reset ends this session too.
  { path: '/auth/reset', name: 'reset-password', screen: 'reset-password' },
  { path: '/question-papers/:paperId', name: 'paper-overview', screen: 'paper-overview' },
  { path: '/question-papers/:paperId/results', name: 'results', screen: results, queries: resultsOfPaper },
];

/**
 * The parameters if the path matches the pattern, as wouter's default matcher (regexparam) reads the patterns
 * above: ':name' is one segment, a trailing slash is allowed, letters match in either case.
 */
export function matchPath(pattern: string, pathname: string): PageParams | null {
  const names: string[] = [];
  const source = pattern.replace(/\/:(\w+)/g, (_, name: string) => {
    names.push(name);
    return '/([^/]+?)';
  });
  const found = new RegExp(`^${source}/?$`, 'i').exec(pathname);
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
