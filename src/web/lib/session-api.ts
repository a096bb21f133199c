import { z } from 'zod';
import { userResponse, type LoginBody } from '../../shared/api/auth';
import { apiRequest } from './api-client';

export const sessionQueryKey = ['auth', 'me'] as const;

export function fetchMe() {
  return apiRequest('/api/auth/me', { schema: userResponse }).then((r) => r.user);
}

export function login(body: LoginBody) {
  return apiRequest('/api/auth/login', { method: 'POST', body, schema: userResponse }).then((r) => r.user);
}

export function logout() {
  return apiRequest('/api/auth/logout', { method: 'POST', schema: z.unknown() });
}
