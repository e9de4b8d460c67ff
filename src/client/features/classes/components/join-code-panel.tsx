import { useState } from 'react';
import { Check, Copy, RefreshCw } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { toast } from '../../../components/ui/toast-store';
import { serverMessageOf } from '../../../lib/api-request';
import { useRegenerateCode } from '../api/manage-class';
import { ConfirmDialog } from './confirm-dialog';

/** The class's join code and link for the teacher to share, with a copy button and "New code". */
export function JoinCodePanel({ classId, joinCode, joinLink }: { classId: string; joinCode: string; joinLink: string }) {
  const [confirming, setConfirming] = useState(false);
  const [copied, setCopied] = useState(false);
  const regenerate = useRegenerateCode(classId);
  const link = `${window.location.origin}${joinLink}`;

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link);
      setCopied(true);
      window.setTimeout(() => setCopied(false), 2000);
    } catch {
      toast({ title: 'Could not copy', description: 'Select the link and copy it yourself.', variant: 'destructive' });
    }
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-base">Join code</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-3">
        <p className="font-mono text-3xl font-bold tracking-widest text-slate-900" data-testid="join-code">
          {joinCode}
        </p>
        <div className="grid gap-1.5">
          <label htmlFor="join-link" className="text-sm font-medium text-slate-700">
            Join link
          </label>
          <div className="flex gap-2">
            <input
              id="join-link"
              readOnly
              value={link}
              onFocus={(e) => e.currentTarget.select()}
              className="h-10 min-w-0 flex-1 rounded-lg border border-slate-300 bg-slate-50 px-3 text-sm text-slate-700"
            />
            <Button variant="outline" onClick={() => void copy()} aria-label="Copy join link">
              {copied ? <Check aria-hidden /> : <Copy aria-hidden />}
              <span className="hidden sm:inline">{copied ? 'Copied' : 'Copy'}</span>
            </Button>
          </div>
          <p role="status" className="sr-only">
            {copied ? 'Join link copied' : ''}
          </p>
        </div>
        <Button variant="outline" size="sm" className="justify-self-start" onClick={() => setConfirming(true)}>
          <RefreshCw aria-hidden /> New code
        </Button>
        <ConfirmDialog
          open={confirming}
          onOpenChange={setConfirming}
          title="Make a new join code?"
          description="The current code and link stop working at once. Students already in the class stay in it."
          confirmLabel="Make a new code"
          pending={regenerate.isPending}
          onConfirm={() =>
            regenerate.mutate(undefined, {
              onSuccess: (result) => {
                setConfirming(false);
                toast({ title: 'New join code', description: `The class's code is now ${result.joinCode}.` });
              },
              onError: (error) =>
                toast({
                  title: 'Could not change the code',
                  description: serverMessageOf(error, 'Please try again later'),
                  variant: 'destructive',
                }),
            })
          }
        />
      </CardContent>
    </Card>
  );
}
