import { useState, type FormEvent } from 'react';
import { useLocation } from 'wouter';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { serverMessageOf } from '../../../lib/api-request';
import { useCreateClass } from '../api/create-class';
import { CLASS_TEXT, validateClassName, validateSubject } from '../class-text';
import { FieldError } from './field-error';

/** "Create a class": name and subject; the creator becomes its teacher and lands on the class page. */
export function CreateClassForm() {
  const [, navigate] = useLocation();
  const create = useCreateClass();
  const [name, setName] = useState('');
  const [subject, setSubject] = useState('');
  const [errors, setErrors] = useState<{ name: string | null; subject: string | null; form: string | null }>({
    name: null,
    subject: null,
    form: null,
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next = { name: validateClassName(name), subject: validateSubject(subject), form: null };
    setErrors(next);
    if (next.name || next.subject) return;
    create.mutate(
      { name: name.trim(), subject: subject.trim() },
      {
        onSuccess: (created) => navigate(`/classes/${created.id}`),
        onError: (error) => setErrors({ name: null, subject: null, form: serverMessageOf(error, CLASS_TEXT.createFailed) }),
      },
    );
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>Create a class</CardTitle>
        <CardDescription>You become its teacher. Students join with the code it gets.</CardDescription>
      </CardHeader>
      <CardContent>
        <form noValidate onSubmit={submit} className="grid gap-4" aria-label="Create a class">
          <div className="grid gap-1.5">
            <Label htmlFor="class-name">Class name</Label>
            <Input
              id="class-name"
              value={name}
              maxLength={100}
              placeholder="e.g. 12B Chemistry"
              aria-invalid={errors.name ? true : undefined}
              aria-describedby={errors.name ? 'class-name-error' : undefined}
              onChange={(e) => setName(e.target.value)}
            />
            <FieldError id="class-name-error" message={errors.name} />
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor="class-subject">Subject</Label>
            <Input
              id="class-subject"
              value={subject}
              maxLength={100}
              placeholder="e.g. Chemistry"
              aria-invalid={errors.subject ? true : undefined}
              aria-describedby={errors.subject ? 'class-subject-error' : undefined}
              onChange={(e) => setSubject(e.target.value)}
            />
            <FieldError id="class-subject-error" message={errors.subject} />
          </div>
          <FieldError id="create-class-error" message={errors.form} />
          <Button type="submit" disabled={create.isPending} className="w-full sm:w-auto sm:justify-self-start">
            {create.isPending ? 'Creating...' : 'Create class'}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
