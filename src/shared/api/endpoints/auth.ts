import { defineEndpoint } from '../endpoint';
import { loginBody, logoutResponse, userResponse } from '../auth';

export const authEndpoints = {
  login: defineEndpoint({ method: 'POST', path: '/api/auth/login', body: loginBody, response: userResponse }),
  logout: defineEndpoint({ method: 'POST', path: '/api/auth/logout', response: logoutResponse, status: 204 }),
  me: defineEndpoint({ method: 'GET', path: '/api/auth/me', response: userResponse }),
};
