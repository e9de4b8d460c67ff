import { AlertTriangle, RefreshCw } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../lib/cn';

/** The analytics data could not be read: what happened and a retry. */
export function AnalyticsError({ error, onRetry, retrying }: { error: unknown; onRetry: () => void; retrying: boolean }) {
  return (
    <div role="alert" className="flex flex-col items-start gap-3 rounded-xl border border-red-200 bg-red-50 p-5 text-sm text-red-800">
      <div className="flex items-start gap-2">
        <AlertTriangle aria-hidden className="mt-0.5 size-4 shrink-0" />
        <div className="min-w-0">
          <p className="font-semibold">Your analytics data could not be loaded.</p>
          {error instanceof Error ? <p className="mt-1 break-words text-red-700">{error.message}</p> : null}
        </div>
      </div>
      <Button variant="outline" size="sm" onClick={onRetry} aria-disabled={retrying}>
        <RefreshCw aria-hidden className={cn(retrying && 'animate-spin')} /> Try again
      </Button>
    </div>
  );
}

/** A refetch failed while earlier data is still on screen. */
export function StaleDataNotice({ onRetry }: { onRetry: () => void }) {
  return (
    <div
      role="alert"
      className="mb-4 flex flex-wrap items-center gap-2 rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900"
    >
      <AlertTriangle aria-hidden className="size-4 shrink-0" />
      <span>The latest data could not be loaded; you are seeing what was loaded before.</span>
      <button type="button" className="font-medium underline" onClick={onRetry}>
        Try again
      </button>
    </div>
  );
}
