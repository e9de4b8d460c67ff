import { lazy, Suspense, useEffect, useState } from 'react';
import { useSearch } from 'wouter';
import { fetchAuthOptions } from './api/school-sign-in';

const SchoolSignIn = lazy(() => import('./school-sign-in').then((m) => ({ default: m.SchoolSignIn })));

/**
 * Where /auth shows sign-in with the school's provider (issue 25 item 3). Its code and texts load only when the server
 * has a provider (GET /api/auth/options) or the page came back from one (`?error=` or `?signin=`): the login page of a
 * server without one stays as light as before (tests/e2e/landing-weight.spec.ts).
 */
export function SchoolSignInSlot() {
  const params = new URLSearchParams(useSearch());
  const returned = params.has('error') || params.has('signin');
  const [label, setLabel] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    // Without the answer the page simply offers no school button: password sign-in works as before.
    fetchAuthOptions().then(
      (options) => live && setLabel(options.oidc?.label ?? null),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, []);

  if (!label && !returned) return null;
  return (
    <Suspense fallback={null}>
      <SchoolSignIn label={label} />
    </Suspense>
  );
}
