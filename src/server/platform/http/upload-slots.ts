import type { FastifyInstance, preValidationHookHandler } from 'fastify';
import { TooManyRequestsError } from '../errors';

export const UPLOAD_SLOT_MESSAGES = {
  perOwner: 'Another upload from this phone is still under way: this one is sent once it has finished.',
  perAddress: 'Too many uploads at once from this network: this one is sent again in a moment.',
} as const;

/** How long a refused upload waits before it is sent again: about what a photo on a weak uplink takes. */
const RETRY_AFTER_SECONDS = 10;

/**
 * Media uploads at once (decision 0520, issue 36: slow uploads held sockets for up to 10 minutes each). A route marked
 * `longUpload` takes at most `perOwner` uploads at once from one uploader (its `uploadOwner`: a player) and `perAddress`
 * from one client address (request.ip: the visitor's behind TRUST_PROXY's proxy); one more is answered 429 with
 * Retry-After before its body is read, and its connection closed (the body is not waited for). Checked after the
 * route's own checks (the player's token), so an upload from nobody is refused as before and takes no slot.
 */
export function limitConcurrentUploads(app: FastifyInstance, limits: { perOwner: number; perAddress: number }): void {
  const open = new Map<string, number>();
  const release = (key: string) => {
    const left = (open.get(key) ?? 1) - 1;
    if (left > 0) open.set(key, left);
    else open.delete(key);
  };
  // Added to the upload routes only, as each is registered: every other request (every hot read) runs no hook of this
  // and makes no promise for it (issue 37). Routes registered before this call would be missed: app.ts calls it first.
  app.addHook('onRoute', (route) => {
    const { longUpload, uploadOwner } = route.config ?? {};
    if (longUpload !== true) return;
    const takeSlots: preValidationHookHandler = (request, reply, done) => {
      const slots: Array<{ key: string; limit: number; message: string }> = [];
      if (uploadOwner) slots.push({ key: `owner ${uploadOwner(request)}`, limit: limits.perOwner, message: UPLOAD_SLOT_MESSAGES.perOwner });
      if (limits.perAddress > 0) slots.push({ key: `address ${request.ip}`, limit: limits.perAddress, message: UPLOAD_SLOT_MESSAGES.perAddress });
      const full = slots.find((slot) => (open.get(slot.key) ?? 0) >= slot.limit);
      if (full) {
        void reply.header('Connection', 'close');
        done(new TooManyRequestsError(RETRY_AFTER_SECONDS, full.message));
        return;
      }
      for (const slot of slots) open.set(slot.key, (open.get(slot.key) ?? 0) + 1);
      reply.raw.once('close', () => slots.forEach((slot) => release(slot.key)));
      done();
    };
    // First of the route's preValidation hooks, where the app-wide hook ran before; the route's own checks (the
    // player's token) run earlier, in its onRequest hook.
    const own = route.preValidation;
    route.preValidation = own === undefined ? [takeSlots] : [takeSlots, ...(Array.isArray(own) ? own : [own])];
  });
}
