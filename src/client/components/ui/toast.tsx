import { useEffect } from 'react';
import { Toast as ToastPrimitive } from 'radix-ui';
import { X } from 'lucide-react';
import { cn } from '../../lib/cn';
import { dismissToast, showFlashedToast, TOAST_DURATION_MS, TOAST_SWIPE_THRESHOLD_PX, useToasts } from './toast-store';

/**
 * At the top of the screen, over the header: across the top on a phone (below `sm`), top right from `sm` up. Never at
 * the bottom: there "Answer submitted" covered the feedback the exam screen had just drawn (the lower points of the
 * feedback column on a wide screen, the feedback the page scrolled to on a phone). A toast takes no pointer but on its
 * close button: the header's links under it stay clickable, and a pointer resting on it does not hold it open (Radix
 * pauses a toast while the pointer is over it, which kept "Account Created!" over the Classes link for minutes).
 */
const TOAST_VIEWPORT_CLASS =
  'pointer-events-none fixed inset-x-0 top-0 z-[100] flex max-h-screen w-full flex-col gap-2 p-2 sm:inset-x-auto sm:right-0 sm:max-w-[420px] sm:p-3';

export function Toaster() {
  const items = useToasts();
  useEffect(showFlashedToast, []);
  return (
    <ToastPrimitive.Provider duration={TOAST_DURATION_MS} swipeDirection="right" swipeThreshold={TOAST_SWIPE_THRESHOLD_PX}>
      {items.map((t) => (
        <ToastPrimitive.Root
          key={t.id}
          open={t.open}
          onOpenChange={(open) => !open && dismissToast(t.id)}
          data-variant={t.variant ?? 'default'}
          className={cn(
            'group pointer-events-none relative flex w-full items-start justify-between gap-3 overflow-hidden rounded-xl border p-3 pr-9 shadow-lg sm:p-4 sm:pr-9 transition-all data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)] data-[swipe=end]:translate-x-full data-[state=closed]:opacity-0',
            t.variant === 'destructive' ? 'border-red-600 bg-red-600 text-white' : 'border-slate-200 bg-white text-slate-900',
          )}
        >
          <div className="grid gap-1">
            <ToastPrimitive.Title className="text-sm font-semibold">{t.title}</ToastPrimitive.Title>
            {t.description ? <ToastPrimitive.Description className="text-sm opacity-90">{t.description}</ToastPrimitive.Description> : null}
          </div>
          <ToastPrimitive.Close
            aria-label="Close"
            className="pointer-events-auto absolute right-2 top-2 rounded-md p-1 opacity-70 hover:opacity-100"
          >
            <X className="size-4" />
          </ToastPrimitive.Close>
        </ToastPrimitive.Root>
      ))}
      {/* Radix focuses this region on F8 (its default hotkey), as §9 asks. The toasts sit at the top, over the header, on
          every width: at the bottom, "Answer submitted" covered the feedback the exam screen had just shown (issue 24). */}
      <ToastPrimitive.Viewport className={TOAST_VIEWPORT_CLASS} />
    </ToastPrimitive.Provider>
  );
}
