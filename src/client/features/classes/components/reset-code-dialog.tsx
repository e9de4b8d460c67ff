import type { ResetCodeResponse } from '../../../../shared/password-reset';
import { RESET_TEXT } from '../../../../shared/password-reset-text';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { formatDateTime } from '../../../lib/format';

/** A student's password reset code, shown this once (only its hash is kept), with when it stops working. */
export function ResetCodeDialog({
  studentName,
  issued,
  onClose,
}: {
  studentName: string;
  issued: ResetCodeResponse | null;
  onClose: () => void;
}) {
  return (
    <Dialog
      open={issued !== null}
      onOpenChange={(open) => (open ? null : onClose())}
      title={`Reset code for ${studentName}`}
      description={RESET_TEXT.codeIssued}
    >
      {issued ? (
        <div className="grid gap-4">
          <p
            className="rounded-lg bg-slate-100 py-3 text-center font-mono text-2xl font-semibold tracking-widest text-slate-900"
            aria-label="Reset code"
          >
            {issued.code}
          </p>
          <p className="text-sm text-slate-600">
            It works until {formatDateTime(issued.expiresAt)}. This is the only time it is shown: a new code replaces it.
          </p>
          <Button onClick={onClose} className="justify-self-end">
            Done
          </Button>
        </div>
      ) : null}
    </Dialog>
  );
}
