import type { FastifyReply, FastifyRequest } from 'fastify';
import { hmac, randomToken, safeEqual } from '../../../platform/crypto';

/**
 * A browser that has signed in to an account before (decision 0347): a cookie set at each successful login, holding a
 * random id and its HMAC with the account's email, so it proves nothing about any other account and cannot be made up.
 * Such a browser counts only its own failures (decision 0525, issue 36): it is exempt from the account-wide limit and
 * from the per-address ones, so a stranger guessing from many addresses, or from the owner's own office address,
 * locks out new devices, never the owner on one they used before; its own wrong passwords lock it after 10.
 */
export const DEVICE_COOKIE = 'hatch_device';
const DEVICE_MAX_AGE_S = 365 * 24 * 60 * 60;

const proofOf = (key: string, email: string, id: string) => hmac(key, `device:${email.trim().toLowerCase()}:${id}`);

/** The id of this browser when it signed in to this account before (its cookie's proof holds), else null. */
export function knownDeviceId(request: FastifyRequest, key: string, email: string): string | null {
  const value = request.cookies[DEVICE_COOKIE];
  const [id = '', proof = ''] = (value ?? '').split('.');
  return id.length > 0 && proof.length > 0 && safeEqual(proof, proofOf(key, email, id)) ? id : null;
}

export function rememberDevice(request: FastifyRequest, reply: FastifyReply, key: string, email: string): void {
  const id = randomToken(16);
  void reply.setCookie(DEVICE_COOKIE, `${id}.${proofOf(key, email, id)}`, {
    path: '/api/auth',
    httpOnly: true,
    sameSite: 'strict',
    secure: request.protocol === 'https',
    maxAge: DEVICE_MAX_AGE_S,
  });
}
