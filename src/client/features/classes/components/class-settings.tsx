import { useState, type FormEvent } from 'react';
import { Archive, ArchiveRestore, Pencil } from 'lucide-react';
import type { ClassDetail } from '../../../../shared/classes';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { toast } from '../../../components/ui/toast-store';
import { serverMessageOf } from '../../../lib/api-request';
import { useUpdateClass } from '../api/manage-class';
import { validateClassName } from '../class-text';
import { ConfirmDialog } from './confirm-dialog';
import { FieldError } from './field-error';

/** Rename the class; archive it (students stop seeing its papers as assigned) or restore it. */
export function ClassSettings({ detail }: { detail: ClassDetail }) {
  const update = useUpdateClass(detail.id);
  const [renaming, setRenaming] = useState(false);
  const [name, setName] = useState(detail.name);
  const [error, setError] = useState<string | null>(null);
  const [confirmArchive, setConfirmArchive] = useState(false);

  const rename = (event: FormEvent) => {
    event.preventDefault();
    const problem = validateClassName(name);
    setError(problem);
    if (problem) return;
    update.mutate(
      { name: name.trim() },
      {
        onSuccess: () => setRenaming(false),
        onError: (e) => setError(serverMessageOf(e, 'The class could not be renamed. Please try again.')),
      },
    );
  };

  const setArchived = (archived: boolean) =>
    update.mutate(
      { archived },
      {
        onSuccess: () => {
          setConfirmArchive(false);
          toast({ title: archived ? 'Class archived' : 'Class restored' });
        },
        onError: (e) =>
          toast({ title: 'Could not save', description: serverMessageOf(e, 'Please try again later'), variant: 'destructive' }),
      },
    );

  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-base">Class settings</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-3">
        {renaming ? (
          <form noValidate onSubmit={rename} className="grid gap-2" aria-label="Rename class">
            <Label htmlFor="rename-class">Class name</Label>
            <Input
              id="rename-class"
              value={name}
              maxLength={100}
              autoFocus
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? 'rename-class-error' : undefined}
              onChange={(e) => setName(e.target.value)}
            />
            <FieldError id="rename-class-error" message={error} />
            <div className="flex gap-2">
              <Button type="submit" size="sm" disabled={update.isPending}>
                {update.isPending ? 'Saving...' : 'Save name'}
              </Button>
              <Button
                type="button"
                size="sm"
                variant="ghost"
                onClick={() => {
                  setRenaming(false);
                  setName(detail.name);
                  setError(null);
                }}
              >
                Cancel
              </Button>
            </div>
          </form>
        ) : (
          <Button variant="outline" size="sm" className="justify-self-start" onClick={() => setRenaming(true)}>
            <Pencil aria-hidden /> Rename
          </Button>
        )}
        {detail.archived ? (
          <Button variant="outline" size="sm" className="justify-self-start" disabled={update.isPending} onClick={() => setArchived(false)}>
            <ArchiveRestore aria-hidden /> Restore class
          </Button>
        ) : (
          <Button variant="outline" size="sm" className="justify-self-start" onClick={() => setConfirmArchive(true)}>
            <Archive aria-hidden /> Archive class
          </Button>
        )}
        <ConfirmDialog
          open={confirmArchive}
          onOpenChange={setConfirmArchive}
          title="Archive this class?"
          description="Its papers leave your students' Assigned lists and no new papers can be assigned. You can restore it later."
          confirmLabel="Archive"
          pending={update.isPending}
          onConfirm={() => setArchived(true)}
        />
      </CardContent>
    </Card>
  );
}
