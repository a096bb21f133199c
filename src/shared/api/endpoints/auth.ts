import { defineEndpoint } from '../endpoint';
import {
  accountMessageResponse,
  changePasswordBody,
  loginBody,
  logoutResponse,
  passwordResetCheckBody,
  passwordResetCheckResponse,
  passwordResetConfirmBody,
  passwordResetRequestBody,
  userResponse,
} from '../auth';

export const authEndpoints = {
  login: defineEndpoint({ method: 'POST', path: '/api/auth/login', body: loginBody, response: userResponse }),
  logout: defineEndpoint({ method: 'POST', path: '/api/auth/logout', response: logoutResponse, status: 204 }),
  me: defineEndpoint({ method: 'GET', path: '/api/auth/me', response: userResponse }),
  changePassword: defineEndpoint({ method: 'POST', path: '/api/auth/password', body: changePasswordBody, response: accountMessageResponse }),
  requestPasswordReset: defineEndpoint({ method: 'POST', path: '/api/auth/password-reset', body: passwordResetRequestBody, response: accountMessageResponse }),
  checkPasswordReset: defineEndpoint({
    method: 'POST',
    path: '/api/auth/password-reset/check',
    body: passwordResetCheckBody,
    response: passwordResetCheckResponse,
  }),
  confirmPasswordReset: defineEndpoint({
    method: 'POST',
    path: '/api/auth/password-reset/confirm',
    body: passwordResetConfirmBody,
    response: accountMessageResponse,
  }),
};
