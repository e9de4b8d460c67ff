import { SessionProvider } from '../features/auth/session';
import { DeferredToaster } from './deferred-toaster';
import { AppErrorBoundary } from './error-boundary';
import { InfoDialogsProvider } from './info-dialogs';
import { AppRoutes } from './routes';

/** The shell: no query library here; the signed-in app brings its own (signed-in-app.tsx). */
export function App() {
  return (
    <AppErrorBoundary>
      <InfoDialogsProvider>
        <SessionProvider>
          <AppRoutes />
          <DeferredToaster />
        </SessionProvider>
      </InfoDialogsProvider>
    </AppErrorBoundary>
  );
}
