import { lazy, Suspense, useEffect, useState } from 'react';
import { hasFlashedToast, useToasts } from '../components/ui/toast-store';
import { useSession } from '../features/auth/session';

const Toaster = lazy(() => import('../components/ui/toast').then((m) => ({ default: m.Toaster })));

/** How long after sign-in (or a reload with a session) the Toaster is mounted if nothing has asked for it before. */
const SIGNED_IN_MOUNT_DELAY_MS = 1500;

/**
 * The Toaster (Radix Toast) is not part of the landing page's download. It is mounted, and stays
 * mounted, from the moment it is needed: for a visitor when the first toast is raised (a failed login) or
 * when F8 is pressed, after which F8 moves to it as always (§9); for a signed-in student the same, and
 * anyway shortly after the screen has been drawn (SIGNED_IN_MOUNT_DELAY_MS), so that its code does not
 * compete with the screen's own on a reload.
 */
export function DeferredToaster() {
  const signedIn = useSession().status === 'authenticated';
  const items = useToasts();
  const [wanted, setWanted] = useState(() => hasFlashedToast());
  const [focusOnMount, setFocusOnMount] = useState(false);
  const needed = wanted || items.length > 0;

  useEffect(() => {
    if (!signedIn || needed) return;
    const timer = window.setTimeout(() => setWanted(true), SIGNED_IN_MOUNT_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [signedIn, needed]);

  useEffect(() => {
    if (needed) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.code !== 'F8') return;
      setFocusOnMount(true);
      setWanted(true);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [needed]);

  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
      {focusOnMount ? <PressF8Again /> : null}
    </Suspense>
  );
}

/** Replays the F8 that asked for the Toaster, so Radix's own hotkey handler moves focus to it. */
function PressF8Again() {
  useEffect(() => {
    document.dispatchEvent(new KeyboardEvent('keydown', { key: 'F8', code: 'F8', bubbles: true }));
  }, []);
  return null;
}
