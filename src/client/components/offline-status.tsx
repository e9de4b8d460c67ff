import { useEffect, useSyncExternalStore } from 'react';
import { isClaimed, readOutbox, subscribeOutbox, waitingCounts, waitingMessage } from '../lib/outbox';
import { syncOutbox } from '../lib/outbox-sync';

/** While something waits, the outbox is tried again this often (the network can be back before 'online' says so). */
const RETRY_MS = 15_000;

function subscribeOnline(listener: () => void) {
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  return () => {
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
  };
}

function subscribeAll(listener: () => void) {
  const stopOutbox = subscribeOutbox(listener);
  // Another tab's saves change the same store.
  window.addEventListener('storage', listener);
  return () => {
    stopOutbox();
    window.removeEventListener('storage', listener);
  };
}

/**
 * The signed-in app's offline banner and the outbox's sync (README 'Offline and installing'): says what waits
 * ('Offline — 3 answers waiting to be saved'), sends it in order when the network returns, and goes once all is saved.
 */
export function OfflineStatus() {
  const online = useSyncExternalStore(subscribeOnline, () => navigator.onLine);
  const entries = useSyncExternalStore(subscribeAll, readOutbox);
  const waiting = entries.length > 0;

  useEffect(() => {
    if (!online || !waiting) return;
    const sync = () => void syncOutbox({ owned: isClaimed });
    sync();
    const timer = window.setInterval(sync, RETRY_MS);
    return () => window.clearInterval(timer);
  }, [online, waiting, entries]);

  if (online && !waiting) return null;
  return (
    <p role="status" className="bg-amber-100 px-4 py-2 text-center text-sm font-medium text-amber-950" data-testid="offline-status">
      {waitingMessage(waitingCounts(entries), online)}
    </p>
  );
}
