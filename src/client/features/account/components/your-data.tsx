import { useState, type FormEvent } from 'react';
import { ACCOUNT_DATA_TEXT } from '../../../../shared/account-data';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Dialog } from '../../../components/ui/dialog';
import { PasswordField } from './password-field';
import { serverMessageOf } from '../../../lib/api-request';
import { useDeleteAccount, useDownloadMyData } from '../api/account-data';

/** "Download my data": one JSON file of everything the account owns (docs/data-export.md). */
export function DownloadDataCard() {
  const download = useDownloadMyData();
  return (
    <Card>
      <CardHeader>
        <CardTitle>Your data</CardTitle>
        <CardDescription>
          One file (JSON) with everything your account holds: your profile, courses, papers, answers, marks and feedback, disputes,
          documents and their text, review cards, analytics and classes.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        {download.isError ? (
          <p role="alert" className="text-sm text-red-700">
            {serverMessageOf(download.error, 'Your data could not be downloaded. Please try again.')}
          </p>
        ) : null}
        {download.isSuccess ? (
          <p role="status" className="text-sm text-emerald-700">
            Saved as {download.data}.
          </p>
        ) : null}
        <Button
          variant="outline"
          disabled={download.isPending}
          onClick={() => download.mutate()}
          className="w-full sm:w-auto sm:justify-self-start"
        >
          {download.isPending ? 'Preparing...' : 'Download my data'}
        </Button>
      </CardContent>
    </Card>
  );
}

/** What goes, in words, before the account is deleted. */
const WHAT_GOES =
  'Your account and everything in it are removed: your profile, sessions, courses, papers and questions, answers, marks and feedback, ' +
  'disputes, tutor chats, documents, printed papers, review cards, analytics and class memberships. Classes you teach are archived; ' +
  'their students keep their own answers. This cannot be undone.';

/** "Delete my account": the password again, then a dialog that says what goes and that it cannot be undone. */
export function DeleteAccountCard({ onDeleted }: { onDeleted: () => void }) {
  const remove = useDeleteAccount();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);

  const ask = (event: FormEvent) => {
    event.preventDefault();
    if (!password.trim()) return setError(ACCOUNT_DATA_TEXT.passwordRequired);
    setError(null);
    setConfirming(true);
  };
  const confirm = () =>
    remove.mutate(
      { password },
      {
        onSuccess: onDeleted,
        onError: (e) => {
          setConfirming(false);
          setError(serverMessageOf(e, 'Your account could not be deleted. Please try again.'));
        },
      },
    );

  return (
    <Card className="border-red-200">
      <CardHeader>
        <CardTitle>Delete my account</CardTitle>
        <CardDescription>{WHAT_GOES} Download your data first if you want to keep it.</CardDescription>
      </CardHeader>
      <CardContent>
        <form noValidate onSubmit={ask} className="grid gap-4" aria-label="Delete my account">
          <PasswordField
            id="delete-password"
            label="Your password"
            autoComplete="current-password"
            value={password}
            onChange={setPassword}
            hint="Signed in with your school account and never set a password? Sign in again, then type your e-mail address instead."
          />
          {error ? (
            <p role="alert" className="text-sm text-red-700">
              {error}
            </p>
          ) : null}
          <Button type="submit" variant="destructive" className="w-full sm:w-auto sm:justify-self-start">
            Delete my account
          </Button>
        </form>
        <Dialog
          open={confirming}
          onOpenChange={(open) => !remove.isPending && setConfirming(open)}
          title="Delete your account for good?"
          description={WHAT_GOES}
        >
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="outline" disabled={remove.isPending} onClick={() => setConfirming(false)}>
              Cancel
            </Button>
            <Button variant="destructive" disabled={remove.isPending} onClick={confirm}>
              {remove.isPending ? 'Deleting...' : 'Delete everything'}
            </Button>
          </div>
        </Dialog>
      </CardContent>
    </Card>
  );
}
