import { queryOptions } from '@tanstack/react-query';
import type {
  ChangePasswordBody,
  LoginBody,
  UpdateAccountBody,
  PasswordResetConfirmBody,
  PasswordResetRequestBody,
  SignInLinkRequestBody,
} from '../../shared/api/auth';
import { authEndpoints } from '../../shared/api/endpoints/auth';
import { staffPaths } from '../../shared/staff-access';
import { api } from './api-client';
import { useAction } from './use-action';
import { useT } from './i18n';

export const sessionQueryKey = ['auth', 'me'] as const;

export function fetchMe() {
  return api(authEndpoints.me).then((r) => r.user);
}

/** Who is signed in, as every staff screen asks it: no retry (a 401 is an answer), fresh for a minute. */
export const sessionQuery = queryOptions({ queryKey: sessionQueryKey, queryFn: fetchMe, retry: false, staleTime: 60_000 });

export function login(body: LoginBody) {
  return api(authEndpoints.login, { body }).then((r) => r.user);
}

export function logout() {
  return api(authEndpoints.logout);
}

/** Every staff screen's Log out: end the session, then a full load of the login page (its own new CSRF token). */
export function useLogOut() {
  const t = useT('staff');
  return useAction({
    call: logout,
    failure: t('logOutFailed'),
    onSuccess: () => window.location.assign(staffPaths.login),
  });
}

/** Keeps the staff member's language on their account (decision 0620); the answer is their updated user. */
export function updateAccount(body: UpdateAccountBody) {
  return api(authEndpoints.updateMe, { body }).then((r) => r.user);
}

export function changePassword(body: ChangePasswordBody) {
  return api(authEndpoints.changePassword, { body }).then((r) => r.message);
}

export function requestPasswordReset(body: PasswordResetRequestBody) {
  return api(authEndpoints.requestPasswordReset, { body }).then((r) => r.message);
}

/** Whether a reset link is still good, asked as its page opens; uses nothing up (a dead one is a 404). */
export function checkResetLink(token: string) {
  return api(authEndpoints.checkPasswordReset, { body: { token } });
}

export function confirmPasswordReset(body: PasswordResetConfirmBody) {
  return api(authEndpoints.confirmPasswordReset, { body }).then((r) => r.message);
}

/** A mailed one-time sign-in link (decision 0528): ask for one (the answer never tells whether the email is known). */
export function requestSignInLink(body: SignInLinkRequestBody) {
  return api(authEndpoints.requestSignInLink, { body }).then((r) => r.message);
}

/** Signs in by the link's token (used up; a used, expired or unknown one is a 404). */
export function signInByLink(token: string) {
  return api(authEndpoints.useSignInLink, { body: { token } }).then((r) => r.user);
}
