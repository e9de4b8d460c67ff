import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-request';
import type { ClassSummary } from '../../../../shared/classes';
import { CLASSES_KEY } from './classes';

/** POST /api/classes/join {code}: 404 'No class has that code'. */
export function useJoinClass() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => apiRequest<ClassSummary>('POST', '/api/classes/join', { code: code.trim() }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: CLASSES_KEY });
      // A class's assignments now show on the home page.
      void queryClient.invalidateQueries({ queryKey: ['/api/assignments'] });
    },
  });
}
