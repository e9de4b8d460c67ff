import { lazy, type ComponentType } from 'react';

/** A dynamic import that starts once and remembers its module when it has arrived. */
export interface Preloadable<M> {
  (): Promise<M>;
  /** The module, if it has already arrived. */
  loaded(): M | undefined;
}

export function preloadable<M>(load: () => Promise<M>): Preloadable<M> {
  let module: M | undefined;
  let pending: Promise<M> | undefined;
  const start = () =>
    (pending ??= load().then(
      (arrived) => (module = arrived),
      (error: unknown) => {
        pending = undefined; // a failed download can be tried again
        throw error;
      },
    ));
  return Object.assign(start, { loaded: () => module });
}

/**
 * React.lazy for a screen whose code may already be here (fetched while the session was checked): then it renders
 * at once. Plain React.lazy suspends for a turn even then, and React keeps a fallback it has just shown for up to
 * 300 ms before revealing what replaces it, which a reload of the exam screen paid in full.
 */
export function lazyScreen<M, P extends object>(load: Preloadable<M>, pick: (module: M) => ComponentType<P>) {
  return lazy(() => {
    const arrived = load.loaded();
    // A thenable that calls back at once: React.lazy reads it as resolved without suspending.
    if (arrived)
      return { then: (resolve: (value: { default: ComponentType<P> }) => void) => resolve({ default: pick(arrived) }) } as Promise<{
        default: ComponentType<P>;
      }>;
    return load().then((module) => ({ default: pick(module) }));
  });
}
