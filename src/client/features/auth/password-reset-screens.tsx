import { useEffect, useState, type FormEvent } from 'react';
import { Link, useSearch } from 'wouter';
import { KeyRound } from 'lucide-react';
import { AUTH_TEXT, PASSWORD_MIN_LENGTH } from '../../../shared/auth-text';
import { RESET_TEXT } from '../../../shared/password-reset-text';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { Input } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { serverMessageOf } from '../../lib/api-request';
import { fetchResetOptions, requestResetLink, resetPassword } from './api/password-reset';

// The password reset screens (issue 25 item 2), one chunk fetched only when needed: the "Forgot password?" panel of
// /auth and the page the e-mailed link opens, /auth/reset.

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function Message({ error, status }: { error: string | null; status?: string | null }) {
  if (error) {
    return (
      <p role="alert" className="text-sm font-medium text-red-600">
        {error}
      </p>
    );
  }
  if (status) {
    return (
      <p role="status" className="rounded-lg bg-emerald-50 p-3 text-sm text-emerald-800">
        {status}
      </p>
    );
  }
  return null;
}

function TextField(props: {
  id: string;
  label: string;
  type?: string;
  value: string;
  onChange: (v: string) => void;
  autoComplete?: string;
}) {
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={props.id}>{props.label}</Label>
      <Input
        id={props.id}
        name={props.id}
        type={props.type ?? 'text'}
        autoComplete={props.autoComplete}
        value={props.value}
        onChange={(e) => props.onChange(e.target.value)}
      />
    </div>
  );
}

/** "Forgot password?": the e-mail for a link (when the server can send one). */
function LinkForm() {
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!EMAIL_PATTERN.test(email.trim())) return setError(AUTH_TEXT.invalidEmail);
    setError(null);
    setPending(true);
    requestResetLink(email.trim()).then(
      (result) => {
        setPending(false);
        setSent(result.message);
      },
      (e: unknown) => {
        setPending(false);
        setError(serverMessageOf(e, 'The request could not be sent. Please try again.'));
      },
    );
  };

  return (
    <form noValidate onSubmit={submit} className="grid gap-4" aria-label="E-mail me a reset link">
      <TextField id="forgot-email" label="Email" type="email" autoComplete="email" value={email} onChange={setEmail} />
      <Message error={error} status={sent} />
      <Button type="submit" disabled={pending} className="w-full">
        {pending ? 'Sending...' : 'E-mail me a reset link'}
      </Button>
    </form>
  );
}

/** A teacher's (or an administrator's) reset code, with the e-mail address and a new password. */
function CodeForm({ onDone }: { onDone: (message: string) => void }) {
  const [email, setEmail] = useState('');
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!EMAIL_PATTERN.test(email.trim())) return setError(AUTH_TEXT.invalidEmail);
    if (!code.trim()) return setError('Please enter the reset code your teacher gave you');
    if (password.length < PASSWORD_MIN_LENGTH) return setError(AUTH_TEXT.passwordShort);
    setError(null);
    setPending(true);
    resetPassword({ email: email.trim(), code: code.trim(), password }).then(
      (result) => {
        setPending(false);
        onDone(result.message);
      },
      (e: unknown) => {
        setPending(false);
        setError(serverMessageOf(e, 'The password could not be reset. Please try again.'));
      },
    );
  };

  return (
    <form noValidate onSubmit={submit} className="grid gap-4" aria-label="Reset with a code">
      <TextField id="code-email" label="Email" type="email" autoComplete="email" value={email} onChange={setEmail} />
      <TextField id="reset-code" label="Reset code" autoComplete="one-time-code" value={code} onChange={setCode} />
      <TextField
        id="code-password"
        label="New password"
        type="password"
        autoComplete="new-password"
        value={password}
        onChange={setPassword}
      />
      <p className="-mt-2 text-xs text-slate-500">At least {PASSWORD_MIN_LENGTH} characters.</p>
      <Message error={error} />
      <Button type="submit" disabled={pending} className="w-full">
        {pending ? 'Setting...' : 'Set new password'}
      </Button>
    </form>
  );
}

/**
 * The "Forgot password?" panel of /auth. With e-mail set up on the server: a link by e-mail, or a code from a teacher.
 * Without: the student is told to ask a teacher for a code and enters it here. After a reset by code it says so and
 * offers the way back to log in.
 */
export function ForgotPassword({ onBack }: { onBack: () => void }) {
  const [byEmail, setByEmail] = useState<boolean | null>(null);
  const [useCode, setUseCode] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    fetchResetOptions().then(
      (options) => live && setByEmail(options.email),
      () => live && setByEmail(false),
    );
    return () => {
      live = false;
    };
  }, []);

  return (
    <section className="grid gap-4" aria-labelledby="forgot-title">
      <h2 id="forgot-title" className="text-lg font-semibold text-slate-900">
        {RESET_TEXT.forgotTitle}
      </h2>
      {done ? (
        <Message error={null} status={done} />
      ) : byEmail === null ? (
        <p className="text-sm text-slate-500">Loading...</p>
      ) : byEmail && !useCode ? (
        <>
          <p className="text-sm text-slate-600">
            Enter the e-mail address of your account and we will send you a link to choose a new password.
          </p>
          <LinkForm />
          <Button variant="link" className="justify-self-start px-0" onClick={() => setUseCode(true)}>
            {RESET_TEXT.haveCode}
          </Button>
        </>
      ) : (
        <>
          <p className="text-sm text-slate-600">
            {byEmail ? 'Enter the code your teacher gave you, with your e-mail address and a new password.' : RESET_TEXT.noEmail}
          </p>
          <CodeForm onDone={setDone} />
        </>
      )}
      <Button variant="link" className="justify-self-start px-0" onClick={onBack}>
        Back to log in
      </Button>
    </section>
  );
}

/**
 * /auth/reset?token=...: the page the e-mailed link opens. The new password is set (twice, to catch a typo); every
 * session of the account ends, this browser's too, so the person then logs in with the new password ("Log in").
 * `onLogIn` replaces the link to /auth: a signed-in browser first forgets its session, which the reset has ended.
 */
export function ResetPasswordPage({ onLogIn }: { onLogIn?: () => void }) {
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
              {onLogIn ? (
                <Button className="w-full" onClick={onLogIn}>
                  Log in
                </Button>
              ) : (
                <Button asChild className="w-full">
                  <Link href="/auth">Log in</Link>
                </Button>
              )}
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
