import { useEffect, useRef } from 'react';
import { Link, useLocation, useParams } from 'wouter';
import { LoadingBlock } from '../../components/loading-block';
import { Button } from '../../components/ui/button';
import { serverMessageOf } from '../../lib/api-request';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useJoinClass } from './api/join-class';
import { CLASS_TEXT } from './class-text';

/** The code as typed in the link; a malformed escape is sent as it is (the server then says no class has it). */
function safeDecode(code: string): string {
  try {
    return decodeURIComponent(code);
  } catch {
    return code;
  }
}

/** /join/{code}: the link a teacher shares. Joins once, then opens the class; a bad code says why. */
export function JoinClassPage() {
  const { code } = useParams<{ code: string }>();
  const [, navigate] = useLocation();
  useDocumentTitle('Join a class');
  const join = useJoinClass();
  const started = useRef<string | null>(null);
  const { mutate } = join;

  useEffect(() => {
    if (!code || started.current === code) return;
    started.current = code;
    mutate(safeDecode(code), { onSuccess: (joined) => navigate(`/classes/${joined.id}`, { replace: true }) });
  }, [code, mutate, navigate]);

  if (join.isError) {
    return (
      <div className="mx-auto max-w-lg px-4 py-16 text-center" role="alert">
        <h1 className="text-2xl font-bold text-slate-900">Could not join the class</h1>
        <p className="mt-2 text-slate-600">{serverMessageOf(join.error, CLASS_TEXT.joinFailed)}</p>
        <Button asChild className="mt-6">
          <Link href="/classes">Go to Classes</Link>
        </Button>
      </div>
    );
  }
  return <LoadingBlock text="Joining the class..." />;
}
