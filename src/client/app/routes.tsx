import { Route, Switch, useLocation } from 'wouter';
import { AnalyticsPage } from '../features/analytics/analytics-page';
import { ProgressPage } from '../features/analytics/progress-page';
import { AuthPage } from '../features/auth/auth-page';
import { useSession } from '../features/auth/session';
import { CoursePage } from '../features/courses/course-page';
import { ExamPage } from '../features/exam/exam-page';
import { HomePage } from '../features/home/home-page';
import { LandingPage } from '../features/landing/landing-page';
import { PaperOverviewPage } from '../features/papers/paper-overview-page';
import { PapersPage } from '../features/papers/papers-page';
import { PdfDocumentsPage } from '../features/pdf-documents/pdf-documents-page';
import { TeacherGradingPage } from '../features/teacher-grading/teacher-grading-page';
import { Layout } from './layout';
import { LoadingScreen } from './loading-screen';
import { NotFoundPage } from './not-found';

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
    </Layout>
  );
}
