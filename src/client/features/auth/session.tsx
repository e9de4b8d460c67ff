import { createContext, startTransition, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import type { AuthResponse, User } from '../../../shared/auth';
import { isApiError } from '../../lib/api-request';
import { clearAllDrafts } from '../../lib/clear-drafts';
import { clearSessionToken, readSessionToken, storeSessionToken } from '../../lib/session-token';
import { CURRENT_USER_STALE_MS, fetchCurrentUser } from './api/current-user';
import { requestLogout } from './api/logout';

export type SessionStatus = 'loading' | 'authenticated' | 'unauthenticated';

interface Session {
  status: SessionStatus;
  user: User | null;
  signIn(result: AuthResponse): void;
  signOut(): Promise<void>;
}

const SessionContext = createContext<Session | null>(null);

/** What GET /api/users/me said for a token, and when. */
interface Known {
  token: string;
  user: User | null;
  at: number;
}

/**
 * §4 Session, without the query library (the logged-out pages never load it; the signed-in app brings its own
 * query cache, made fresh at each sign-in, so nothing of one student's data is left for the next at this browser).
 */
export function SessionProvider({ children }: { children: ReactNode }) {
  const [token, setToken] = useState<string | null>(() => readSessionToken());
  const [known, setKnown] = useState<Known | null>(null);

  const ask = useCallback((forToken: string, keepUser: User | null) => {
    let live = true;
    fetchCurrentUser().then(
      (user) => {
        // A transition: the signed-in app's first render (a large tree) is done in slices that let the browser
        // paint and respond in between, not in one long task (Lighthouse's total blocking time).
        if (live) startTransition(() => setKnown({ token: forToken, user, at: Date.now() }));
      },
      (error: unknown) => {
        if (!live) return;
        // A 401 means the stored token is dead: the user is signed out.
        if (isApiError(error) && error.status === 401) {
          clearSessionToken();
          setToken(null);
          setKnown(null);
          return;
        }
        setKnown({ token: forToken, user: keepUser, at: Date.now() });
      },
    );
    return () => {
      live = false;
    };
  }, []);

  // A stored token not yet checked: ask who it belongs to.
  const unchecked = token !== null && known?.token !== token;
  useEffect(() => {
    if (unchecked && token) return ask(token, null);
  }, [unchecked, token, ask]);

  // §9: the answer is kept for 5 minutes; after that, coming back to the tab asks again (a session revoked
  // elsewhere then ends here too).
  useEffect(() => {
    if (!known?.user) return;
    const onVisible = () => {
      if (document.visibilityState === 'visible' && Date.now() - known.at > CURRENT_USER_STALE_MS) ask(known.token, known.user);
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, [known, ask]);

  const signIn = useCallback((result: AuthResponse) => {
    storeSessionToken(result.sessionId);
    setKnown({ token: result.sessionId, user: result.user, at: Date.now() });
    setToken(result.sessionId);
  }, []);

  const signOut = useCallback(async () => {
    if (readSessionToken()) await requestLogout();
    clearSessionToken();
    clearAllDrafts();
    setToken(null);
    setKnown(null);
  }, []);

  const status: SessionStatus = !token ? 'unauthenticated' : unchecked ? 'loading' : known?.user ? 'authenticated' : 'unauthenticated';
  const value = useMemo(
    () => ({ status, user: status === 'authenticated' ? (known?.user ?? null) : null, signIn, signOut }),
    [status, known, signIn, signOut],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession must be used inside SessionProvider');
  return session;
}
