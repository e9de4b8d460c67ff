import type { ReactNode } from 'react';
import { Dialog as DialogPrimitive } from 'radix-ui';
import { X } from 'lucide-react';
import { cn } from '../../lib/cn';

/**
 * A panel that slides in from the right (a dialog underneath: focus trapped, Escape closes). With
 * `phone="bottom"` it rises from the bottom on a phone and takes at most 60% of the height, so the page
 * above it (the question beside a tutor) stays in sight; its children then fill the panel's height.
 */
export function Sheet(props: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: string;
  trigger: ReactNode;
  children: ReactNode;
  phone?: 'full' | 'bottom';
}) {
  const bottom = props.phone === 'bottom';
  return (
    <DialogPrimitive.Root open={props.open} onOpenChange={props.onOpenChange}>
      <DialogPrimitive.Trigger asChild>{props.trigger}</DialogPrimitive.Trigger>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-40 bg-slate-900/40 dark:bg-black/60" />
        <DialogPrimitive.Content
          className={cn(
            'fixed right-0 z-50 flex w-full max-w-md flex-col overflow-y-auto bg-white shadow-xl focus:outline-none',
            bottom
              ? 'inset-x-0 bottom-0 h-[60dvh] max-w-none rounded-t-2xl p-4 sm:left-auto sm:top-0 sm:h-auto sm:max-w-md sm:rounded-none sm:p-6'
              : 'inset-y-0 p-6',
          )}
        >
          <DialogPrimitive.Title className="pr-8 text-lg font-semibold text-slate-900">{props.title}</DialogPrimitive.Title>
          <DialogPrimitive.Description className="mt-1 text-sm text-slate-600">
            {props.description ?? props.title}
          </DialogPrimitive.Description>
          <div className={bottom ? 'mt-3 flex min-h-0 flex-1 flex-col sm:mt-6' : 'mt-6'}>{props.children}</div>
          <DialogPrimitive.Close aria-label="Close" className="absolute right-4 top-4 rounded-md p-1 text-slate-500 hover:bg-slate-100">
            <X className="size-4" />
          </DialogPrimitive.Close>
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}
