import type { LoginBody } from '../../shared/api/auth';
import { authEndpoints } from '../../shared/api/endpoints/auth';
import { api } from './api-client';

export const sessionQueryKey = ['auth', 'me'] as const;

export function fetchMe() {
  return api(authEndpoints.me).then((r) => r.user);
}

export function login(body: LoginBody) {
  return api(authEndpoints.login, { body }).then((r) => r.user);
}

export function logout() {
  return api(authEndpoints.logout);
}
