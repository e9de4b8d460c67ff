import { useState } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { SessionProvider } from '../features/auth/session';
import { createQueryClient } from '../lib/api-client';
import { DeferredToaster } from './deferred-toaster';
import { AppErrorBoundary } from './error-boundary';
import { InfoDialogsProvider } from './info-dialogs';
import { AppRoutes } from './routes';

export function App() {
  const [queryClient] = useState(createQueryClient);
  return (
    <AppErrorBoundary>
      <QueryClientProvider client={queryClient}>
        <InfoDialogsProvider>
          <SessionProvider>
            <AppRoutes />
            <DeferredToaster />
          </SessionProvider>
        </InfoDialogsProvider>
      </QueryClientProvider>
    </AppErrorBoundary>
  );
}
