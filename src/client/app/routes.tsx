import { lazy, Suspense, useEffect } from 'react';
import { Route, Switch, useLocation } from 'wouter';
import { LoadingBlock } from '../components/loading-block';
import { useSession } from '../features/auth/session';
import { lazyScreen, preloadable } from '../lib/lazy-screen';
import { isJoinPath, rememberJoinPath } from '../lib/pending-join';
import { LandingPage } from '../features/landing/landing-page';
import { Layout, PublicHeader } from './layout';
import { LoadingScreen } from './loading-screen';
import { preloadPage } from './page-loaders';
import { RouteTitle } from './route-title';

/**
 * Only the landing page is in the first download. The login form and the whole signed-in app are
 * separate chunks: a logged-out visitor never downloads the app's heavy parts (docs/benchmarks.md,
 * "Page weight"; tests/e2e/landing-weight.spec.ts keeps the budget).
 */
const loadSignedInApp = preloadable(() => import('./signed-in-app'));
const SignedInApp = lazyScreen(loadSignedInApp, (m) => m.SignedInApp);
const AuthPage = lazy(() => import('../features/auth/auth-page').then((m) => ({ default: m.AuthPage })));

/** §2 Access states: loading, then the logged-out or the logged-in routes. */
export function AppRoutes() {
  const session = useSession();
  const [location] = useLocation();

  // A stored token: fetch the signed-in app (and this path's screen) while the session is checked.
  // The session check and the screen's first requests go first, ahead of the code's files, so that on a phone's
  // few connections they do not wait behind them.
  if (session.status === 'loading') {
    preloadPage(location);
    void loadSignedInApp();
  }

  // A visitor typing into the login or sign-up form: fetch the signed-in app while they type, so the
  // home page follows the 'Log in' press without a loading screen.
  const onAuthForm = session.status === 'unauthenticated' && location === '/auth';
  useEffect(() => {
    if (!onAuthForm) return;
    const prefetch = () => void loadSignedInApp();
    document.addEventListener('input', prefetch, { once: true });
    return () => document.removeEventListener('input', prefetch);
  }, [onAuthForm]);

  // A class's join link opened while logged out: joined after logging in (signed-in-app.tsx).
  const joinWhileLoggedOut = session.status === 'unauthenticated' && isJoinPath(location);
  useEffect(() => {
    if (joinWhileLoggedOut) rememberJoinPath(location);
  }, [joinWhileLoggedOut, location]);

  if (session.status === 'loading') return <LoadingScreen />;

  if (session.status === 'unauthenticated' || !session.user) {
    return (
      <Layout header={<PublicHeader />}>
        <RouteTitle signedIn={false} />
        {joinWhileLoggedOut ? (
          <p role="status" className="bg-brand-50 px-4 py-3 text-center text-sm font-medium text-brand-800">
            Log in or create an account to join the class: you are taken to it afterwards.
          </p>
        ) : null}
        <Suspense fallback={<LoadingBlock text="Loading..." />}>
          <Switch>
            <Route path="/auth" component={AuthPage} />
            <Route path="/auth/reset" component={AuthPage} />
            {/* Any other path shows the landing page. */}
            <Route component={LandingPage} />
          </Switch>
        </Suspense>
      </Layout>
    );
  }

  return (
    <Suspense fallback={<LoadingScreen />}>
      <SignedInApp user={session.user} signOut={session.signOut} />
    </Suspense>
  );
}
