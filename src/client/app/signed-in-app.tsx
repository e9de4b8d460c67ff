import { lazy, Suspense, useEffect, useState } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { Route, Switch, useLocation } from 'wouter';
import type { User } from '../../shared/auth';
import { LoadingBlock } from '../components/loading-block';
import { OfflineStatus } from '../components/offline-status';
import { createQueryClient } from '../lib/api-client';
import { lazyScreen } from '../lib/lazy-screen';
import { takeJoinPath } from '../lib/pending-join';
import { TooltipProvider } from '../components/ui/tooltip';
import { CoursePage } from '../features/courses/course-page';
import { HomePage } from '../features/home/home-page';
import { PaperOverviewPage } from '../features/papers/paper-overview-page';
import { PapersPage } from '../features/papers/papers-page';
import { Layout } from './layout';
import { NotFoundPage } from './not-found';
import { registerServiceWorker } from './register-service-worker';
import { RouteTitle } from './route-title';
import {
  loadAnalyticsPage,
  loadClassPage,
  loadClassesPage,
  loadDisputesPage,
  loadExamPage,
  loadJoinClassPage,
  loadReviewAnswersPage,
  loadAccountPage,
  loadPdfDocumentsPage,
  loadProgressPage,
  loadResultsPage,
  loadReviewPage,
  loadTeacherGradingPage,
} from './page-loaders';
import { SignedInHeader } from './signed-in-header';

/** Screens most visits never open are loaded when first opened, so the first load stays small. */
const AnalyticsPage = lazyScreen(loadAnalyticsPage, (m) => m.AnalyticsPage);
const ProgressPage = lazyScreen(loadProgressPage, (m) => m.ProgressPage);
const ResultsPage = lazyScreen(loadResultsPage, (m) => m.ResultsPage);
const ExamPage = lazyScreen(loadExamPage, (m) => m.ExamPage);
const PdfDocumentsPage = lazyScreen(loadPdfDocumentsPage, (m) => m.PdfDocumentsPage);
const DisputesPage = lazyScreen(loadDisputesPage, (m) => m.DisputesPage);
const ReviewPage = lazyScreen(loadReviewPage, (m) => m.ReviewPage);
const TeacherGradingPage = lazyScreen(loadTeacherGradingPage, (m) => m.TeacherGradingPage);
const ClassesPage = lazyScreen(loadClassesPage, (m) => m.ClassesPage);
const ClassPage = lazyScreen(loadClassPage, (m) => m.ClassPage);
const JoinClassPage = lazyScreen(loadJoinClassPage, (m) => m.JoinClassPage);
const ReviewAnswersPage = lazyScreen(loadReviewAnswersPage, (m) => m.ReviewAnswersPage);
const AccountPage = lazyScreen(loadAccountPage, (m) => m.AccountPage);
const ResetPasswordPage = lazy(() => import('../features/auth/password-reset-screens').then((m) => ({ default: m.ResetPasswordPage })));

/**
 * The signed-in app: its header and every logged-in route. Loaded only once a session token exists,
 * so a logged-out visitor's browser never downloads it (routes.tsx). Its query cache is made when a student
 * signs in and dropped when they sign out, so nothing of one student's data is left for the next.
 */
export function SignedInApp({ user, signOut }: { user: User; signOut: () => Promise<void> }) {
  const [queryClient] = useState(createQueryClient);
  // The installable, offline app (README 'Offline and installing').
  useEffect(registerServiceWorker, []);
  return (
    <QueryClientProvider client={queryClient}>
      <SignedInRoutes user={user} signOut={signOut} />
    </QueryClientProvider>
  );
}

function SignedInRoutes({ user, signOut }: { user: User; signOut: () => Promise<void> }) {
  const [location, navigate] = useLocation();
  // Logged in from a class's join link (routes.tsx kept it): go on to the join once the home page is reached.
  useEffect(() => {
    if (location !== '/') return;
    const join = takeJoinPath();
    if (join) navigate(join, { replace: true });
  }, [location, navigate]);
  const logOut = async () => {
    await signOut();
    navigate('/');
  };
  const home = () => <HomePage firstName={user.firstName} />;
  return (
    <TooltipProvider>
      <Layout header={<SignedInHeader user={user} onLogOut={logOut} />}>
        <RouteTitle signedIn />
        <OfflineStatus />
        <Suspense fallback={<LoadingBlock text="Loading..." />}>
          <Switch>
            <Route path="/" component={home} />
            <Route path="/auth" component={home} />
            <Route path="/courses/:courseId" component={CoursePage} />
            <Route path="/courses/:courseId/questions/:questionId" component={ExamPage} />
            <Route path="/courses/:courseId/papers" component={PapersPage} />
            <Route path="/courses/:courseId/papers/:paperId" component={PaperOverviewPage} />
            <Route path="/courses/:courseId/papers/:paperId/questions/:questionId" component={ExamPage} />
            <Route path="/courses/:courseId/papers/:paperId/exam" component={ExamPage} />
            <Route path="/courses/:courseId/papers/:paperId/results" component={ResultsPage} />
            <Route path="/exam/:courseId" component={ExamPage} />
            <Route path="/progress" component={ProgressPage} />
            <Route path="/analytics" component={AnalyticsPage} />
            <Route path="/pdf-documents" component={PdfDocumentsPage} />
            <Route path="/teacher-grading" component={TeacherGradingPage} />
            <Route path="/disputes" component={DisputesPage} />
            <Route path="/review" component={ReviewPage} />
            <Route path="/classes" component={ClassesPage} />
            <Route path="/classes/:classId/assignments/:assignmentId/review" component={ReviewAnswersPage} />
            <Route path="/classes/:classId" component={ClassPage} />
            <Route path="/join/:code" component={JoinClassPage} />
            <Route path="/account" component={AccountPage} />
            {/* The e-mailed reset link opened while signed in (issue 25): the reset ends this session too. */}
            <Route path="/auth/reset">{() => <ResetPasswordPage onLogIn={() => void signOut().then(() => navigate('/auth'))} />}</Route>
            <Route path="/question-papers/:paperId" component={PaperOverviewPage} />
            <Route path="/question-papers/:paperId/results" component={ResultsPage} />
            <Route component={NotFoundPage} />
          </Switch>
        </Suspense>
      </Layout>
    </TooltipProvider>
  );
}
