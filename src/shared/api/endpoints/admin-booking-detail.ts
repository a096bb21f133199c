import { defineEndpoint } from '../endpoint';
import { adminBookingResponse } from '../booking';
import { idParam } from '../common';
import {
  addNoteBody,
  detailPatchBody,
  emergencyHostBody,
  emergencyHostResponse,
  heartbeatSchema,
  leadStatusBody,
  locksBody,
  paymentParams,
  recordPaymentBody,
  reopenBody,
  refundPaymentBody,
  startGameResponse,
  toggleWeaponsBody,
  toggleWeaponsResponse,
  voidPaymentBody,
} from '../admin-booking-detail';

const one = '/api/admin/bookings/:id';

/** Staff view and control of one booking (decisions 0160, 0190). */
export const adminBookingDetailEndpoints = {
  get: defineEndpoint({ method: 'GET', path: one, params: idParam, response: adminBookingResponse }),
  patch: defineEndpoint({ method: 'PATCH', path: one, params: idParam, body: detailPatchBody, response: adminBookingResponse }),
  addNote: defineEndpoint({ method: 'POST', path: `${one}/notes`, params: idParam, body: addNoteBody, response: adminBookingResponse }),
  leadStatus: defineEndpoint({ method: 'POST', path: `${one}/lead-status`, params: idParam, body: leadStatusBody, response: adminBookingResponse }),
  startGame: defineEndpoint({ method: 'POST', path: `${one}/start-game`, params: idParam, response: startGameResponse }),
  resumeGame: defineEndpoint({ method: 'POST', path: `${one}/resume-game`, params: idParam, response: adminBookingResponse }),
  reopen: defineEndpoint({ method: 'POST', path: `${one}/reopen`, params: idParam, body: reopenBody, response: adminBookingResponse }),
  emergencyHost: defineEndpoint({
    method: 'POST',
    path: `${one}/emergency-change-host`,
    params: idParam,
    body: emergencyHostBody,
    response: emergencyHostResponse,
  }),
  toggleWeapons: defineEndpoint({ method: 'POST', path: `${one}/toggle-weapons`, params: idParam, body: toggleWeaponsBody, response: toggleWeaponsResponse }),
  heartbeat: defineEndpoint({ method: 'GET', path: `${one}/game-heartbeat`, params: idParam, response: heartbeatSchema }),
  recordPayment: defineEndpoint({
    method: 'POST',
    path: `${one}/payments`,
    params: idParam,
    body: recordPaymentBody,
    response: adminBookingResponse,
    status: 201,
  }),
  voidPayment: defineEndpoint({
    method: 'POST',
    path: `${one}/payments/:paymentId/void`,
    params: paymentParams,
    body: voidPaymentBody,
    response: adminBookingResponse,
    status: 201,
  }),
  refundPayment: defineEndpoint({
    method: 'POST',
    path: `${one}/payments/:paymentId/refund`,
    params: paymentParams,
    body: refundPaymentBody,
    response: adminBookingResponse,
    status: 201,
  }),
  locks: defineEndpoint({ method: 'PATCH', path: `${one}/locks`, params: idParam, body: locksBody, response: adminBookingResponse }),
};
