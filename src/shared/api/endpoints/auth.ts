import { defineEndpoint } from '../endpoint';
import {
  accountMessageResponse,
  accountUserResponse,
  changePasswordBody,
  loginBody,
  logoutResponse,
  passwordResetCheckBody,
  passwordResetCheckResponse,
  passwordResetConfirmBody,
  passwordResetRequestBody,
  signInLinkRequestBody,
  signInLinkUseBody,
  updateAccountBody,
} from '../auth';

export const authEndpoints = {
  login: defineEndpoint({ method: 'POST', path: '/api/auth/login', body: loginBody, response: accountUserResponse }),
  /** A mailed one-time sign-in link (decision 0528): ask for one, then use it (a session, as a login makes). */
  requestSignInLink: defineEndpoint({ method: 'POST', path: '/api/auth/sign-in-link', body: signInLinkRequestBody, response: accountMessageResponse }),
  useSignInLink: defineEndpoint({ method: 'POST', path: '/api/auth/sign-in-link/use', body: signInLinkUseBody, response: accountUserResponse }),
  logout: defineEndpoint({ method: 'POST', path: '/api/auth/logout', response: logoutResponse, status: 204 }),
  me: defineEndpoint({ method: 'GET', path: '/api/auth/me', response: accountUserResponse }),
  /** The staff member's own language for the staff area and the host console, kept on their account (decision 0620). */
  updateMe: defineEndpoint({ method: 'PATCH', path: '/api/auth/me', body: updateAccountBody, response: accountUserResponse }),
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
