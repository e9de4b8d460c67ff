import { useEffect, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { School } from 'lucide-react';
import { OIDC_TEXT, oidcErrorMessage } from '../../../shared/oidc-text';
import { Button } from '../../components/ui/button';
import { toast } from '../../components/ui/toast-store';
import { fetchSchoolSession, SCHOOL_SIGN_IN_URL } from './api/school-sign-in';
import { useSession } from './session';

/**
 * Sign-in with the school's identity provider (issue 25 item 3), on /auth: the button (`label`: only when the server
 * has a provider), the reason when the provider's sign-in was refused (`/auth?error=<code>`), and the last step after
 * a sign-in that worked (`/auth?signin=oidc`): the session the callback made is taken into the app, then home.
 * Loaded only when one of these is needed (school-sign-in-slot.tsx).
 */
export function SchoolSignIn({ label }: { label: string | null }) {
  const params = new URLSearchParams(useSearch());
  const finishing = params.get('signin') === 'oidc';
  const refused = oidcErrorMessage(params.get('error'));
  const [, navigate] = useLocation();
  const { signIn } = useSession();
  const [finishFailed, setFinishFailed] = useState(false);

  useEffect(() => {
    if (!finishing) return;
    let live = true;
    fetchSchoolSession().then(
      (result) => {
        if (!live) return;
        signIn(result);
        toast({ title: 'Welcome!', description: `Signed in as ${result.user.username}.` });
        navigate('/', { replace: true });
      },
      () => live && setFinishFailed(true),
    );
    return () => {
      live = false;
    };
  }, [finishing, signIn, navigate]);

  const message = finishFailed ? OIDC_TEXT.unknownError : refused;
  return (
    <>
      {finishing && !finishFailed ? (
        <p role="status" className="mb-4 rounded-lg bg-slate-50 p-3 text-sm text-slate-700">
          {OIDC_TEXT.finishing}
        </p>
      ) : null}
      {message ? (
        <p role="alert" className="mb-4 rounded-lg bg-red-50 p-3 text-sm font-medium text-red-700">
          {message}
        </p>
      ) : null}
      {label ? (
        <div className="mb-4 grid gap-4">
          <Button asChild variant="outline" className="w-full">
            <a href={SCHOOL_SIGN_IN_URL}>
              <School aria-hidden />
              {label}
            </a>
          </Button>
          <div className="flex items-center gap-3 text-xs uppercase text-slate-500" aria-hidden>
            <span className="h-px flex-1 bg-slate-200" />
            or
            <span className="h-px flex-1 bg-slate-200" />
          </div>
        </div>
      ) : null}
    </>
  );
}
