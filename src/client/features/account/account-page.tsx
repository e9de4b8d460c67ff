import { useState, type FormEvent } from 'react';
import { AUTH_TEXT, PASSWORD_MIN_LENGTH } from '../../../shared/auth-text';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { Skeleton } from '../../components/ui/skeleton';
import { ThemePicker } from '../../components/theme-picker';
import { serverMessageOf } from '../../lib/api-request';
import { formatDateTime } from '../../lib/format';
import { useChangePassword } from './api/change-password';
import { leaveSignedOut } from './api/account-data';
import { useRevokeOtherSessions, useSessions } from './api/sessions';
import { PasswordField } from './components/password-field';
import { DeleteAccountCard, DownloadDataCard } from './components/your-data';

/** Change password (the current one needed; other devices are signed out). */
function ChangePasswordCard() {
  const change = useChangePassword();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setDone(false);
    if (!current) return setError(AUTH_TEXT.currentPasswordRequired);
    if (next.length < PASSWORD_MIN_LENGTH) return setError(AUTH_TEXT.passwordShort);
    setError(null);
    change.mutate(
      { currentPassword: current, newPassword: next },
      {
        onSuccess: () => {
          setCurrent('');
          setNext('');
          setDone(true);
        },
        onError: (e) => setError(serverMessageOf(e, 'The password could not be changed. Please try again.')),
      },
    );
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>Change password</CardTitle>
        <CardDescription>You stay signed in here; every other device is signed out.</CardDescription>
      </CardHeader>
      <CardContent>
        <form noValidate onSubmit={submit} className="grid gap-4" aria-label="Change password">
          <PasswordField
            id="current-password"
            label="Current password"
            autoComplete="current-password"
            value={current}
            onChange={setCurrent}
          />
          <PasswordField
            id="new-password"
            label="New password"
            autoComplete="new-password"
            value={next}
            onChange={setNext}
            hint={`At least ${PASSWORD_MIN_LENGTH} characters.`}
          />
          {error ? (
            <p role="alert" className="text-sm text-red-700">
              {error}
            </p>
          ) : null}
          {done ? (
            <p role="status" className="text-sm text-emerald-700">
              {AUTH_TEXT.passwordChanged}
            </p>
          ) : null}
          <Button type="submit" disabled={change.isPending} className="w-full sm:w-auto sm:justify-self-start">
            {change.isPending ? 'Changing...' : 'Change password'}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}

/** Where the account is signed in, with "Sign out other devices". */
function SessionsCard() {
  const sessions = useSessions();
  const revoke = useRevokeOtherSessions();
  const others = (sessions.data ?? []).filter((s) => !s.current).length;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Where you are signed in</CardTitle>
        <CardDescription>Sign out a lost phone or a shared computer from here.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        {sessions.isPending ? (
          <Skeleton className="h-16 w-full" />
        ) : sessions.isError ? (
          <p role="alert" className="text-sm text-red-700">
            {serverMessageOf(sessions.error, 'Your sessions could not be loaded.')}
          </p>
        ) : (
          <ul className="divide-y divide-slate-200 rounded-md border border-slate-200">
            {sessions.data.map((s) => (
              <li key={s.id} className="flex flex-wrap items-baseline justify-between gap-2 px-3 py-2 text-sm">
                <span className="font-medium text-slate-900">
                  {s.device ?? 'Unknown device'}
                  {s.current ? <span className="ml-2 text-xs font-normal text-emerald-700">This device</span> : null}
                </span>
                <span className="text-xs text-slate-500">
                  Last used {formatDateTime(s.lastUsedAt)} · signed in {formatDateTime(s.createdAt)}
                </span>
              </li>
            ))}
          </ul>
        )}
        {revoke.isSuccess ? (
          <p role="status" className="text-sm text-emerald-700">
            {revoke.data.revoked === 1 ? 'Signed out 1 other device.' : `Signed out ${revoke.data.revoked} other devices.`}
          </p>
        ) : null}
        <Button
          variant="outline"
          disabled={revoke.isPending || others === 0}
          onClick={() => revoke.mutate()}
          className="w-full sm:w-auto sm:justify-self-start"
        >
          {revoke.isPending ? 'Signing out...' : 'Sign out other devices'}
        </Button>
      </CardContent>
    </Card>
  );
}

/** The theme on this device (issue 28 item 3). */
function AppearanceCard() {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Appearance</CardTitle>
        <CardDescription>Light or dark pages, or as your device is set.</CardDescription>
      </CardHeader>
      <CardContent>
        <ThemePicker />
      </CardContent>
    </Card>
  );
}

/**
 * /account: the signed-in user's password and sessions, their data and deleting the account (issue 25). `onDeleted`
 * (after a deletion): by default the browser forgets the session and loads the landing page, signed out.
 */
export function AccountPage({ onDeleted = leaveSignedOut }: { onDeleted?: () => void; params?: unknown }) {
  return (
    <div className="mx-auto grid max-w-3xl gap-6 px-4 py-6">
      <h1 className="text-2xl font-bold text-slate-900">Account</h1>
      <ChangePasswordCard />
      <SessionsCard />
      <AppearanceCard />
      <DownloadDataCard />
      <DeleteAccountCard onDeleted={onDeleted} />
    </div>
  );
}
