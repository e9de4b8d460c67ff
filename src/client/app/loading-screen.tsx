import { Loader2 } from 'lucide-react';

export function LoadingScreen() {
  return (
    <div role="status" className="flex min-h-screen flex-col items-center justify-center gap-3 bg-slate-50 text-slate-600">
      <Loader2 aria-hidden className="size-10 animate-spin text-brand-600" />
      <p>Loading...</p>
    </div>
  );
}
