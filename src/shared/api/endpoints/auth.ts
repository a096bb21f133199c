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
  signInLinkRequestBody,
  signInLinkUseBody,
  userResponse,
} from '../auth';

export const authEndpoints = {
  login: defineEndpoint({ method: 'POST', path: '/api/auth/login', body: loginBody, response: userResponse }),
  /** A mailed one-time sign-in link (decision 0528): ask for one, then use it (a session, as a login makes). */
  requestSignInLink: defineEndpoint({ method: 'POST', path: '/api/auth/sign-in-link', body: signInLinkRequestBody, response: accountMessageResponse }),
  useSignInLink: defineEndpoint({ method: 'POST', path: '/api/auth/sign-in-link/use', body: signInLinkUseBody, response: userResponse }),
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
