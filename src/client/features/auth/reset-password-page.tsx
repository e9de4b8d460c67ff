import { useState, type FormEvent } from 'react';
import { Link, useSearch } from 'wouter';
import { KeyRound } from 'lucide-react';
import { AUTH_TEXT, PASSWORD_MIN_LENGTH } from '../../../shared/auth-text';
import { RESET_TEXT } from '../../../shared/password-reset-text';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { Input } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { serverMessageOf } from '../../lib/api-request';
import { resetPassword } from './api/password-reset';

/**
 * /auth/reset?token=...: the page the e-mailed link opens. The new password is set (twice, to catch a typo); every
 * session of the account ends, this browser's too, so the person then logs in with the new password ("Log in").
 * `onReset` lets a signed-in browser forget its session, which the reset has ended.
 */
export function ResetPasswordPage({ onReset }: { onReset?: () => void }) {
  const token = new URLSearchParams(useSearch()).get('token') ?? '';
  const [password, setPassword] = useState('');
  const [again, setAgain] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (password.length < PASSWORD_MIN_LENGTH) return setError(AUTH_TEXT.passwordShort);
    if (password !== again) return setError('The two passwords are not the same');
    setError(null);
    setPending(true);
    resetPassword({ token, password }).then(
      (result) => {
        setPending(false);
        setDone(result.message);
        onReset?.();
      },
      (e: unknown) => {
        setPending(false);
        setError(serverMessageOf(e, 'The password could not be reset. Please try again.'));
      },
    );
  };

  return (
    <div className="mx-auto flex min-h-[calc(100vh-4rem)] max-w-md flex-col justify-center px-4 py-10">
      <Card>
        <CardHeader>
          <CardTitle className="flex items-center gap-2">
            <KeyRound aria-hidden className="size-5 text-brand-600" /> Choose a new password
          </CardTitle>
          <CardDescription>Setting it signs your account out on every device.</CardDescription>
        </CardHeader>
        <CardContent>
          {done ? (
            <div className="grid gap-4">
              <p role="status" className="rounded-lg bg-emerald-50 p-3 text-sm text-emerald-800">
                {done}
              </p>
              <Button asChild className="w-full">
                <Link href="/auth">Log in</Link>
              </Button>
            </div>
          ) : !token ? (
            <div className="grid gap-4">
              <p role="alert" className="text-sm text-red-600">
                {RESET_TEXT.invalid}
              </p>
              <Button asChild variant="outline" className="w-full">
                <Link href="/auth">Back to log in</Link>
              </Button>
            </div>
          ) : (
            <form noValidate onSubmit={submit} className="grid gap-4" aria-label="Choose a new password">
              <div className="grid gap-1.5">
                <Label htmlFor="reset-password">New password</Label>
                <Input
                  id="reset-password"
                  type="password"
                  autoComplete="new-password"
                  value={password}
                  onChange={(e) => setPassword(e.target.value)}
                />
                <p className="text-xs text-slate-500">At least {PASSWORD_MIN_LENGTH} characters.</p>
              </div>
              <div className="grid gap-1.5">
                <Label htmlFor="reset-password-again">New password again</Label>
                <Input
                  id="reset-password-again"
                  type="password"
                  autoComplete="new-password"
                  value={again}
                  onChange={(e) => setAgain(e.target.value)}
                />
              </div>
              {error ? (
                <p role="alert" className="text-sm font-medium text-red-600">
                  {error}
                </p>
              ) : null}
              <Button type="submit" disabled={pending} className="w-full">
                {pending ? 'Setting...' : 'Set new password'}
              </Button>
              {error === RESET_TEXT.invalid ? (
                <Link href="/auth" className="text-sm text-brand-600 underline-offset-4 hover:underline">
                  Ask for a new link on the log-in page
                </Link>
              ) : null}
            </form>
          )}
        </CardContent>
      </Card>
    </div>
  );
}
