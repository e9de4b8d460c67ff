import { useMutation } from '@tanstack/react-query';
import type { AuthResponse, LoginRequest } from '../../../../shared/auth';
import { apiRequest } from '../../../lib/api-client';

export function useLogin() {
  return useMutation({
    mutationFn: (body: LoginRequest) => apiRequest<AuthResponse>('POST', '/api/auth/login', body),
  });
}
