import type { LoginRequest } from '../../../../shared/auth';
import { useAuthRequest } from './auth-request';

export function useLogin() {
  return useAuthRequest<LoginRequest>('/api/auth/login');
}
