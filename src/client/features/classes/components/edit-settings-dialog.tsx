import { useState, type FormEvent } from 'react';
import type { Assignment } from '../../../../shared/classes';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { toast } from '../../../components/ui/toast-store';
import { useUpdateAssignment } from '../api/update-assignment';
import {
  formValuesOf,
  settingsErrorsOf,
  updateRequest,
  validateSettings,
  type SettingsErrors,
  type SettingsFormValues,
} from '../assignment-settings-model';
import { ASSIGNMENT_ACTION } from '../class-text';
import { AssignmentSettingsFields } from './assignment-settings-fields';
import { FieldError } from './field-error';

function EditSettingsForm({ classId, assignment, onDone }: { classId: string; assignment: Assignment; onDone: () => void }) {
  const [initial] = useState(() => formValuesOf(assignment));
  const [values, setValues] = useState<SettingsFormValues>(initial);
  const [errors, setErrors] = useState<SettingsErrors>({});
  const update = useUpdateAssignment(classId, assignment.id);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // a due date already past may stay as it is; one set now must be in the future
    const checked = validateSettings(values, { dueChanged: values.due !== initial.due });
    setErrors(checked);
    if (Object.keys(checked).length > 0) return;
    update.mutate(updateRequest(values, initial), {
      onSuccess: () => {
        toast({ title: ASSIGNMENT_ACTION.saved, description: assignment.paperTitle });
        onDone();
      },
      onError: (e) => setErrors(settingsErrorsOf(e, 'The settings could not be saved. Please try again.')),
    });
  };

  return (
    <form noValidate onSubmit={submit} className="grid gap-4" aria-label={`Settings of ${assignment.paperTitle}`}>
      <AssignmentSettingsFields idPrefix={`edit-${assignment.id}`} values={values} errors={errors} onChange={setValues} />
      <FieldError id={`edit-${assignment.id}-form-error`} message={errors.form ?? null} />
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button type="button" variant="outline" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" disabled={update.isPending}>
          {update.isPending ? 'Saving...' : 'Save settings'}
        </Button>
      </div>
    </form>
  );
}

/** "Edit settings" of an assigned paper: the same form as when assigning it, sent with PATCH. */
export function EditSettingsDialog({
  classId,
  assignment,
  onClose,
}: {
  classId: string;
  assignment: Assignment | null;
  onClose: () => void;
}) {
  return (
    <Dialog
      open={assignment !== null}
      onOpenChange={(open) => (open ? null : onClose())}
      title={assignment ? `Settings: ${assignment.paperTitle}` : 'Settings'}
      description="The changes apply to every student of the class from now on."
    >
      {assignment ? <EditSettingsForm key={assignment.id} classId={classId} assignment={assignment} onDone={onClose} /> : null}
    </Dialog>
  );
}
