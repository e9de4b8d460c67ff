import { useMutation } from '@tanstack/react-query';
import type { AuthResponse } from '../../../../shared/auth';
import { apiRequest } from '../../../lib/api-client';

export interface RegisterForm {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
}

export function useRegister() {
  return useMutation({
    mutationFn: (body: RegisterForm) => apiRequest<AuthResponse>('POST', '/api/auth/register', body),
  });
}
