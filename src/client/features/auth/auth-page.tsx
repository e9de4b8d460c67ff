import { lazy, Suspense, useState, type FormEvent } from 'react';
import { useLocation } from 'wouter';
import { GraduationCap } from 'lucide-react';
import { AUTH_TEXT, PASSWORD_MIN_LENGTH } from '../../../shared/auth-text';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { Input } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { LightTabs } from '../../components/ui/light-tabs';
import { toast } from '../../components/ui/toast-store';
import { serverMessageOf } from '../../lib/api-request';
import { useLogin } from './api/login';
import { useRegister, type RegisterForm } from './api/register';
import { SchoolSignInSlot } from './school-sign-in-slot';
import { useSession } from './session';

/** "Forgot password?" is fetched when asked for: the log-in page's first download stays within its budget. */
const screens = () => import('./password-reset-screens');
const ForgotPassword = lazy(() => screens().then((m) => ({ default: m.ForgotPassword })));
/** /auth/reset, the e-mailed link's page, is fetched through this chunk, so that the two share the form's parts. */
const ResetPasswordPage = lazy(() => screens().then((m) => ({ default: m.ResetPasswordPage })));

function FormError({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <p role="alert" className="text-sm font-medium text-red-600">
      {message}
    </p>
  );
}

function Field(props: {
  id: string;
  label: string;
  type?: string;
  value: string;
  onChange: (value: string) => void;
  autoComplete?: string;
  placeholder?: string;
}) {
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={props.id}>{props.label}</Label>
      <Input
        id={props.id}
        name={props.id}
        type={props.type ?? 'text'}
        value={props.value}
        autoComplete={props.autoComplete}
        placeholder={props.placeholder}
        onChange={(e) => props.onChange(e.target.value)}
      />
    </div>
  );
}

function LoginForm({ onDone, onForgot }: { onDone: () => void; onForgot: () => void }) {
  const { signIn } = useSession();
  const login = useLogin();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!email.trim() || !password.trim()) {
      setError(AUTH_TEXT.required);
      toast({ title: AUTH_TEXT.requiredTitle, description: AUTH_TEXT.required, variant: 'destructive' });
      return;
    }
    setError(null);
    login.mutate(
      { email: email.trim(), password },
      {
        onSuccess: (result) => {
          signIn(result);
          toast({ title: 'Welcome Back!', description: `Signed in as ${result.user.username}.` });
          onDone();
        },
        onError: (err) => {
          const message = serverMessageOf(err, AUTH_TEXT.invalidCredentials);
          setError(message);
          toast({ title: 'Login Failed', description: message, variant: 'destructive' });
        },
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate className="grid gap-4">
      <Field
        id="login-email"
        label="Email"
        type="email"
        autoComplete="email"
        value={email}
        onChange={setEmail}
        placeholder="you@example.com"
      />
      <Field id="login-password" label="Password" type="password" autoComplete="current-password" value={password} onChange={setPassword} />
      <Button type="button" variant="link" size="sm" className="-mt-2 h-auto justify-self-end px-0" onClick={onForgot}>
        {AUTH_TEXT.forgotPassword}
      </Button>
      <FormError message={error} />
      <Button type="submit" disabled={login.isPending} className="w-full">
        {login.isPending ? 'Logging in...' : 'Log in'}
      </Button>
    </form>
  );
}

function SignUpForm({ onDone }: { onDone: () => void }) {
  const { signIn } = useSession();
  const register = useRegister();
  const [form, setForm] = useState<RegisterForm>({ email: '', password: '', firstName: '', lastName: '' });
  const [error, setError] = useState<string | null>(null);
  const set = (key: keyof RegisterForm) => (value: string) => setForm((f) => ({ ...f, [key]: value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!form.email.trim() || !form.password.trim()) {
      setError(AUTH_TEXT.required);
      toast({ title: AUTH_TEXT.requiredTitle, description: AUTH_TEXT.required, variant: 'destructive' });
      return;
    }
    if (form.password.length < PASSWORD_MIN_LENGTH) {
      setError(AUTH_TEXT.passwordShort);
      toast({ title: AUTH_TEXT.passwordShortTitle, description: AUTH_TEXT.passwordShort, variant: 'destructive' });
      return;
    }
    setError(null);
    register.mutate(
      { ...form, email: form.email.trim(), firstName: form.firstName.trim(), lastName: form.lastName.trim() },
      {
        onSuccess: (result) => {
          signIn(result);
          toast({ title: 'Account Created!', description: `Welcome to Markwell, ${result.user.firstName || result.user.username}.` });
          onDone();
        },
        onError: (err) => {
          const message = serverMessageOf(err, 'Unable to create account');
          setError(message);
          toast({ title: 'Registration Failed', description: message, variant: 'destructive' });
        },
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate className="grid gap-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id="firstName" label="First name (optional)" autoComplete="given-name" value={form.firstName} onChange={set('firstName')} />
        <Field id="lastName" label="Last name (optional)" autoComplete="family-name" value={form.lastName} onChange={set('lastName')} />
      </div>
      <Field
        id="signup-email"
        label="Email"
        type="email"
        autoComplete="email"
        value={form.email}
        onChange={set('email')}
        placeholder="you@example.com"
      />
      <Field
        id="signup-password"
        label="Password"
        type="password"
        autoComplete="new-password"
        value={form.password}
        onChange={set('password')}
      />
      <p className="-mt-2 text-xs text-slate-500">At least {PASSWORD_MIN_LENGTH} characters.</p>
      <FormError message={error} />
      <Button type="submit" disabled={register.isPending} className="w-full">
        {register.isPending ? 'Creating Account...' : 'Create Account'}
      </Button>
    </form>
  );
}

export function AuthPage() {
  const [location, navigate] = useLocation();
  const goHome = () => navigate('/');
  // Issue 25: "Forgot password?" shows the reset panel in place of the forms.
  const [forgot, setForgot] = useState(false);
  if (location === '/auth/reset') {
    return (
      <Suspense>
        <ResetPasswordPage />
      </Suspense>
    );
  }
  return (
    <div className="mx-auto flex min-h-[calc(100vh-4rem)] max-w-md flex-col justify-center px-4 py-10">
      <div className="mb-6 flex items-center justify-center gap-2 text-brand-700">
        <GraduationCap aria-hidden className="size-8" />
        <span className="text-2xl font-bold">Markwell</span>
      </div>
      <Card>
        <CardHeader>
          <CardTitle>Welcome</CardTitle>
          <CardDescription>Log in or create a free account to start practising.</CardDescription>
        </CardHeader>
        <CardContent>
          <SchoolSignInSlot />
          {forgot ? (
            <Suspense>
              <ForgotPassword onBack={() => setForgot(false)} />
            </Suspense>
          ) : (
            <LightTabs
              tabs={[
                { value: 'login', label: 'Login', panel: <LoginForm onDone={goHome} onForgot={() => setForgot(true)} /> },
                { value: 'signup', label: 'Sign Up', panel: <SignUpForm onDone={goHome} /> },
              ]}
            />
          )}
        </CardContent>
      </Card>
    </div>
  );
}
