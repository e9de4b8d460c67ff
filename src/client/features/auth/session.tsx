import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { AuthResponse, User } from '../../../shared/auth';
import { clearAllDrafts } from '../../lib/drafts';
import { clearSessionToken, readSessionToken, storeSessionToken } from '../../lib/session-token';
import { CURRENT_USER_KEY, useCurrentUser } from './api/current-user';
import { requestLogout } from './api/logout';

export type SessionStatus = 'loading' | 'authenticated' | 'unauthenticated';

interface Session {
  status: SessionStatus;
  user: User | null;
  signIn(result: AuthResponse): void;
  signOut(): Promise<void>;
}

const SessionContext = createContext<Session | null>(null);

/** Data that belongs to the signed-in student: refreshed when someone signs in (§4 Session). */
const USER_DATA_KEYS = [['/api/courses'], ['/api/user/answers'], ['/api/user/questions'], ['/api/user/goals']];

export function SessionProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [token, setToken] = useState<string | null>(() => readSessionToken());
  const me = useCurrentUser(token);

  // A 401 on the current-user fetch means the stored token is dead: treat the user as signed out.
  useEffect(() => {
    if (me.error && me.error.message.includes('401')) {
      clearSessionToken();
      setToken(null);
      queryClient.removeQueries({ queryKey: CURRENT_USER_KEY });
    }
  }, [me.error, queryClient]);

  const signIn = useCallback(
    (result: AuthResponse) => {
      storeSessionToken(result.sessionId);
      queryClient.setQueryData(CURRENT_USER_KEY, result.user);
      setToken(result.sessionId);
      for (const queryKey of USER_DATA_KEYS) void queryClient.invalidateQueries({ queryKey });
    },
    [queryClient],
  );

  const signOut = useCallback(async () => {
    if (readSessionToken()) await requestLogout();
    clearSessionToken();
    clearAllDrafts();
    setToken(null);
    // Nothing of one student's data may linger in the cache for the next person at this browser.
    queryClient.clear();
  }, [queryClient]);

  const status: SessionStatus = !token ? 'unauthenticated' : me.data ? 'authenticated' : me.isPending ? 'loading' : 'unauthenticated';
  const value = useMemo(
    () => ({ status, user: status === 'authenticated' ? (me.data ?? null) : null, signIn, signOut }),
    [status, me.data, signIn, signOut],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession must be used inside SessionProvider');
  return session;
}
