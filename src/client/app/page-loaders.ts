import { peekEarly, startEarly } from '../lib/api-request';
import { preloadable } from '../lib/lazy-screen';

// The lazily loaded screens, in one small module: signed-in-app.tsx renders them with React.lazy and
// routes.tsx starts the current screen's download while the session is still being checked, so a
// reload of /exam or /analytics does not wait for one chunk before asking for the next.

export const loadAnalyticsPage = preloadable(() => import('../features/analytics/analytics-page'));
export const loadProgressPage = preloadable(() => import('../features/analytics/progress-page'));
export const loadExamPage = preloadable(() => import('../features/exam/exam-page'));
export const loadResultsPage = preloadable(() => import('../features/results/results-page'));
export const loadDisputesPage = preloadable(() => import('../features/disputes/disputes-page'));
export const loadReviewPage = preloadable(() => import('../features/review/review-page'));
export const loadPdfDocumentsPage = preloadable(() => import('../features/pdf-documents/pdf-documents-page'));
export const loadTeacherGradingPage = preloadable(() => import('../features/teacher-grading/teacher-grading-page'));
export const loadClassesPage = preloadable(() => import('../features/classes/classes-page'));
export const loadClassPage = preloadable(() => import('../features/classes/class-page'));
export const loadJoinClassPage = preloadable(() => import('../features/classes/join-class-page'));
export const loadReviewAnswersPage = preloadable(() => import('../features/classes/review-answers-page'));
export const loadAccountPage = preloadable(() => import('../features/account/account-page'));

const RESULTS_PATH = /\/papers?\/[^/]+\/results\/?$|^\/question-papers\/[^/]+\/results\/?$/;
const EXAM_PATH = /^\/(courses\/[^/]+\/(papers\/[^/]+\/)?(questions\/[^/]+|exam)|exam\/[^/]+)\/?$/;

// Ids as the server makes them (letters, digits, '-'): the URL is then the same however the router decodes the path.
const ID = /^[\w-]+$/;
const EXAM_OF_PAPER = /^\/courses\/([\w-]+)\/papers\/([\w-]+)\/(?:exam|questions\/([\w-]+))\/?$/;

/** The GETs the exam screen and the home page make as they open, by path (none for other screens). */
export function firstRequestsOf(pathname: string): string[] {
  const exam = EXAM_OF_PAPER.exec(pathname);
  if (exam) {
    const [, courseId, paperId, questionId] = exam;
    return [
      `/api/courses/${courseId}`,
      `/api/question-papers/${paperId}`,
      `/api/question-papers/${paperId}/questions`,
      '/api/user/answers',
      ...(questionId ? [`/api/questions/${questionId}/answer`] : []),
    ];
  }
  return pathname === '/' ? ['/api/courses', '/api/assignments'] : [];
}

/**
 * A stored session: fetch the screen at this path along with the signed-in app, and start the screen's first
 * requests (startEarly), so its data is not asked for only after its code has arrived and run.
 */
export function preloadPage(pathname: string): void {
  startEarly(['/api/users/me', ...firstRequestsOf(pathname)]);
  const exam = EXAM_OF_PAPER.exec(pathname);
  if (exam && !exam[3]) void startFirstAnswer(exam[2]);
  if (EXAM_PATH.test(pathname)) void loadExamPage();
  else if (RESULTS_PATH.test(pathname)) void loadResultsPage();
  else if (pathname.startsWith('/analytics')) void loadAnalyticsPage();
  else if (pathname.startsWith('/progress')) void loadProgressPage();
  else if (pathname.startsWith('/pdf-documents')) void loadPdfDocumentsPage();
  else if (pathname.startsWith('/teacher-grading')) void loadTeacherGradingPage();
  else if (pathname.startsWith('/disputes')) void loadDisputesPage();
  else if (pathname.startsWith('/review')) void loadReviewPage();
  else if (/^\/classes\/[^/]+\/assignments\/[^/]+\/review/.test(pathname)) void loadReviewAnswersPage();
  else if (/^\/classes\/[^/]+/.test(pathname)) void loadClassPage();
  else if (pathname.startsWith('/classes')) void loadClassesPage();
  else if (pathname.startsWith('/join/')) void loadJoinClassPage();
  else if (pathname.startsWith('/account')) void loadAccountPage();
}

/** A paper's exam opens on its first question: ask for the student's answer to it as soon as the questions are in. */
async function startFirstAnswer(paperId: string): Promise<void> {
  const questions = await peekEarly<{ id: string }[]>(`/api/question-papers/${paperId}/questions`)?.catch(() => null);
  const first = Array.isArray(questions) ? questions[0]?.id : undefined;
  if (typeof first === 'string' && ID.test(first)) startEarly([`/api/questions/${first}/answer`]);
}
