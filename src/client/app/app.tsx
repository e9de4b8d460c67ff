import { useState } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { Toaster } from '../components/ui/toast';
import { TooltipProvider } from '../components/ui/tooltip';
import { SessionProvider } from '../features/auth/session';
import { createQueryClient } from '../lib/api-client';
import { AppErrorBoundary } from './error-boundary';
import { InfoDialogsProvider } from './info-dialogs';
import { AppRoutes } from './routes';

export function App() {
  const [queryClient] = useState(createQueryClient);
  return (
    <AppErrorBoundary>
      <QueryClientProvider client={queryClient}>
        <TooltipProvider>
          <InfoDialogsProvider>
            <SessionProvider>
              <AppRoutes />
            </SessionProvider>
          </InfoDialogsProvider>
          <Toaster />
        </TooltipProvider>
      </QueryClientProvider>
    </AppErrorBoundary>
  );
}
