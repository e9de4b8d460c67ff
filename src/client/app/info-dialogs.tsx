import { createContext, lazy, Suspense, useCallback, useContext, useState, type ReactNode } from 'react';

/** Radix's dialog and the texts are not part of the landing page's download: they load the first time one is opened. */
const InfoDialog = lazy(() => import('./info-dialog').then((m) => ({ default: m.InfoDialog })));

export type InfoTopic = 'help' | 'terms' | 'privacy';

const InfoContext = createContext<(topic: InfoTopic) => void>(() => undefined);

/** Help, Terms and Privacy: opened from the header's Help button and the footer's links. */
export function InfoDialogsProvider({ children }: { children: ReactNode }) {
  const [topic, setTopic] = useState<InfoTopic | null>(null);
  const [everOpened, setEverOpened] = useState(false);
  const openInfo = useCallback((next: InfoTopic) => {
    setEverOpened(true);
    setTopic(next);
  }, []);
  return (
    <InfoContext.Provider value={openInfo}>
      {children}
      {everOpened ? (
        <Suspense fallback={null}>
          <InfoDialog topic={topic} onClose={() => setTopic(null)} />
        </Suspense>
      ) : null}
    </InfoContext.Provider>
  );
}

export function useOpenInfo(): (topic: InfoTopic) => void {
  return useContext(InfoContext);
}
