import { useCallback, useState } from 'react';
import type { AuthResponse } from '../../../../shared/auth';
import { apiRequest } from '../../../lib/api-request';

interface Handlers {
  onSuccess(result: AuthResponse): void;
  onError(error: unknown): void;
}

/**
 * A login or sign-up request and whether it is under way. Plain state rather than TanStack Query's useMutation:
 * the logged-out pages do without the query library (docs/benchmarks.md, "Page weight").
 */
export function useAuthRequest<Body>(url: string) {
  const [isPending, setPending] = useState(false);
  const mutate = useCallback(
    (body: Body, handlers: Handlers) => {
      setPending(true);
      apiRequest<AuthResponse>('POST', url, body).then(
        (result) => {
          setPending(false);
          handlers.onSuccess(result);
        },
        (error: unknown) => {
          setPending(false);
          handlers.onError(error);
        },
      );
    },
    [url],
  );
  return { isPending, mutate };
}
