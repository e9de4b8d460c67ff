import { useState, type FormEvent } from 'react';
import { useLocation } from 'wouter';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { serverMessageOf } from '../../../lib/api-request';
import { useJoinClass } from '../api/join-class';
import { CLASS_TEXT, validateJoinCode } from '../class-text';
import { FieldError } from './field-error';

/** "Join a class" with the code the teacher gave; on success the class page opens. */
export function JoinClassForm() {
  const [, navigate] = useLocation();
  const join = useJoinClass();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problem = validateJoinCode(code);
    setError(problem);
    if (problem) return;
    join.mutate(code, {
      onSuccess: (joined) => navigate(`/classes/${joined.id}`),
      onError: (e) => setError(serverMessageOf(e, CLASS_TEXT.joinFailed)),
    });
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>Join a class</CardTitle>
        <CardDescription>Type the code your teacher gave you.</CardDescription>
      </CardHeader>
      <CardContent>
        <form noValidate onSubmit={submit} className="grid gap-4" aria-label="Join a class">
          <div className="grid gap-1.5">
            <Label htmlFor="join-code">Join code</Label>
            <Input
              id="join-code"
              value={code}
              maxLength={32}
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              className="font-mono uppercase tracking-wider"
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? 'join-code-error' : undefined}
              onChange={(e) => setCode(e.target.value)}
            />
            <FieldError id="join-code-error" message={error} />
          </div>
          <Button type="submit" disabled={join.isPending} className="w-full sm:w-auto sm:justify-self-start">
            {join.isPending ? 'Joining...' : 'Join class'}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
