import type { ComponentType } from 'react';
import { preloadable, type Preloadable } from '../lib/lazy-screen';
import type { LazyScreen } from './pages';

// The lazy screens of the route table (pages.ts, LAZY_SCREENS), each a dynamic import of the module named there:
// fetched when first opened, or earlier by page-loaders.ts. screens.test.ts checks each imports its module.

const screen = (load: () => Promise<ComponentType>) => preloadable(load);

export const SCREENS: Record<LazyScreen, Preloadable<ComponentType>> = {
  analytics: screen(() => import('../features/analytics/analytics-page').then((m) => m.AnalyticsPage)),
  progress: screen(() => import('../features/analytics/progress-page').then((m) => m.ProgressPage)),
  exam: screen(() => import('../features/exam/exam-page').then((m) => m.ExamPage)),
  results: screen(() => import('../features/results/results-page').then((m) => m.ResultsPage)),
  disputes: screen(() => import('../features/disputes/disputes-page').then((m) => m.DisputesPage)),
  review: screen(() => import('../features/review/review-page').then((m) => m.ReviewPage)),
  'pdf-documents': screen(() => import('../features/pdf-documents/pdf-documents-page').then((m) => m.PdfDocumentsPage)),
  'teacher-grading': screen(() => import('../features/teacher-grading/teacher-grading-page').then((m) => m.TeacherGradingPage)),
  classes: screen(() => import('../features/classes/classes-page').then((m) => m.ClassesPage)),
  class: screen(() => import('../features/classes/class-page').then((m) => m.ClassPage)),
  'join-class': screen(() => import('../features/classes/join-class-page').then((m) => m.JoinClassPage)),
  'review-answers': screen(() => import('../features/classes/review-answers-page').then((m) => m.ReviewAnswersPage)),
  specification: screen(() => import('../features/courses/specification-page').then((m) => m.SpecificationPage)),
  account: screen(() => import('../features/account/account-page').then((m) => m.AccountPage)),
};
