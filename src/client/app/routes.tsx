import { lazy, Suspense } from 'react';
import { Route, Switch, useLocation } from 'wouter';
import { LoadingBlock } from '../components/loading-block';
import { AuthPage } from '../features/auth/auth-page';
import { useSession } from '../features/auth/session';
import { CoursePage } from '../features/courses/course-page';
import { HomePage } from '../features/home/home-page';
import { LandingPage } from '../features/landing/landing-page';
import { PaperOverviewPage } from '../features/papers/paper-overview-page';
import { PapersPage } from '../features/papers/papers-page';
import { Layout } from './layout';
import { LoadingScreen } from './loading-screen';
import { NotFoundPage } from './not-found';

/** Screens most visits never open are loaded when first opened, so the first load stays small. */
const AnalyticsPage = lazy(() => import('../features/analytics/analytics-page').then((m) => ({ default: m.AnalyticsPage })));
const ProgressPage = lazy(() => import('../features/analytics/progress-page').then((m) => ({ default: m.ProgressPage })));
const ExamPage = lazy(() => import('../features/exam/exam-page').then((m) => ({ default: m.ExamPage })));
const PdfDocumentsPage = lazy(() => import('../features/pdf-documents/pdf-documents-page').then((m) => ({ default: m.PdfDocumentsPage })));
const TeacherGradingPage = lazy(() => import('../features/teacher-grading/teacher-grading-page').then((m) => ({ default: m.TeacherGradingPage })));

/** §2 Access states: loading, then the logged-out or the logged-in routes. */
export function AppRoutes() {
  const session = useSession();
  const [, navigate] = useLocation();

  if (session.status === 'loading') return <LoadingScreen />;

  if (session.status === 'unauthenticated' || !session.user) {
    return (
      <Layout user={null} onLogOut={() => undefined}>
        <Switch>
          <Route path="/auth" component={AuthPage} />
          {/* Any other path shows the landing page. */}
          <Route component={LandingPage} />
        </Switch>
      </Layout>
    );
  }

  const user = session.user;
  const logOut = async () => {
    await session.signOut();
    navigate('/');
  };
  const home = () => <HomePage firstName={user.firstName} />;
  return (
    <Layout user={user} onLogOut={logOut}>
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
          <Route path="/exam/:courseId" component={ExamPage} />
          <Route path="/progress" component={ProgressPage} />
          <Route path="/analytics" component={AnalyticsPage} />
          <Route path="/pdf-documents" component={PdfDocumentsPage} />
          <Route path="/teacher-grading" component={TeacherGradingPage} />
          <Route path="/question-papers/:paperId" component={PaperOverviewPage} />
          <Route component={NotFoundPage} />
        </Switch>
      </Suspense>
    </Layout>
  );
}
