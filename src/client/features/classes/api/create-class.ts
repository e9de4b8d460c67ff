import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-request';
import type { ClassDetail } from '../../../../shared/classes';
import { CLASSES_KEY } from './classes';

export interface CreateClassInput {
  name: string;
  subject: string;
}

/** POST /api/classes {name, subject}: the creator becomes the class's teacher. */
export function useCreateClass() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateClassInput) => apiRequest<ClassDetail>('POST', '/api/classes', input),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: CLASSES_KEY }),
  });
}
