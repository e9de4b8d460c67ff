import { useAuthRequest } from './auth-request';

export interface RegisterForm {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
}

export function useRegister() {
  return useAuthRequest<RegisterForm>('/api/auth/register');
}
