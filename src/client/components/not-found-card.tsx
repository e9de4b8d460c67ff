import { Link } from 'wouter';
import { Button } from './ui/button';

export function NotFoundCard({
  title,
  detail,
  backHref = '/',
  backLabel = 'Back to Home',
}: {
  title: string;
  detail: string;
  backHref?: string;
  backLabel?: string;
}) {
  return (
    <div className="mx-auto max-w-lg px-4 py-16 text-center">
      <h1 className="text-2xl font-bold text-slate-900">{title}</h1>
      <p className="mt-2 text-slate-600">{detail}</p>
      <Button asChild className="mt-6">
        <Link href={backHref}>{backLabel}</Link>
      </Button>
    </div>
  );
}
