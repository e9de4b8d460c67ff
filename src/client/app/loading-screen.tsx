import { Loader2 } from 'lucide-react';
import { Logo } from './layout';

/**
 * While the session is checked (and the signed-in app's code arrives): the header's brand where every screen
 * has it (the same bar index.html paints before any script runs), and a spinner below.
 */
export function LoadingScreen() {
  return (
    <div className="flex min-h-screen flex-col bg-slate-50">
      <header className="sticky top-0 z-30 border-b border-slate-200 bg-white/95">
        <div className="mx-auto flex h-16 max-w-6xl items-center gap-3 px-4">
          <Logo />
        </div>
      </header>
      <div role="status" className="flex flex-1 flex-col items-center justify-center gap-3 text-slate-600">
        <Loader2 aria-hidden className="size-10 animate-spin text-brand-600" />
        <p>Loading...</p>
      </div>
    </div>
  );
}
