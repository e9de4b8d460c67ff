import { lazy, Suspense, useEffect, useState, type ComponentType, type ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { Route, Switch, useLocation } from 'wouter';
import type { User } from '../../shared/auth';
import { LoadingBlock } from '../components/loading-block';
import { OfflineStatus } from '../components/offline-status';
import { createQueryClient } from '../lib/api-client';
import { lazyScreen, type Preloadable } from '../lib/lazy-screen';
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
import { isLazyScreen, PAGES, type BuiltInScreen } from './pages';
import { SCREENS } from './screens';
import { SignedInHeader } from './signed-in-header';

/** Screens most visits never open are loaded when first opened, so the first load stays small (pages.ts). */
const lazyScreens = new Map<Preloadable<ComponentType>, ComponentType>();
function lazyOf(load: Preloadable<ComponentType>): ComponentType {
  let screen = lazyScreens.get(load);
  if (!screen) lazyScreens.set(load, (screen = lazyScreen(load, (component) => component)));
  return screen;
}

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
  // The screens that come with this app, as render functions (their element types stay the same from render to render).
  const builtIn: Record<BuiltInScreen, () => ReactNode> = {
    home: () => <HomePage firstName={user.firstName} />,
    course: () => <CoursePage />,
    papers: () => <PapersPage />,
    'paper-overview': () => <PaperOverviewPage />,
    // The e-mailed reset link opened while signed in (issue 25): the reset ends this session too.
    'reset-password': () => <ResetPasswordPage onLogIn={() => void signOut().then(() => navigate('/auth'))} />,
  };
  return (
    <TooltipProvider>
      <Layout header={<SignedInHeader user={user} onLogOut={logOut} />}>
        <RouteTitle signedIn />
        <OfflineStatus />
        <Suspense fallback={<LoadingBlock text="Loading..." />}>
          <Switch>
            {/* One route per row of the table, keyed by its screen: moving between two paths of one screen keeps it. */}
            {PAGES.map((page) =>
              isLazyScreen(page.screen) ? (
                <Route key={page.name} path={page.path} component={lazyOf(SCREENS[page.screen])} />
              ) : (
                <Route key={page.name} path={page.path}>
                  {builtIn[page.screen]}
                </Route>
              ),
            )}
            <Route component={NotFoundPage} />
          </Switch>
        </Suspense>
      </Layout>
    </TooltipProvider>
  );
}
