import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';

/** Asks before a change that cannot be undone from here (a new join code, removing a student, releasing feedback). */
export function ConfirmDialog(props: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: string;
  confirmLabel: string;
  pending?: boolean;
  /** A change that takes something away (the default), or one that gives (release feedback, re-mark). */
  destructive?: boolean;
  onConfirm: () => void;
}) {
  return (
    <Dialog open={props.open} onOpenChange={props.onOpenChange} title={props.title} description={props.description}>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={() => props.onOpenChange(false)}>
          Cancel
        </Button>
        <Button variant={props.destructive === false ? 'default' : 'destructive'} disabled={props.pending} onClick={props.onConfirm}>
          {props.pending ? 'Working...' : props.confirmLabel}
        </Button>
      </div>
    </Dialog>
  );
}
