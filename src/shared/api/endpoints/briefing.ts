import { defineEndpoint } from '../endpoint';
import { playCodeParams } from '../play';
import { adminBriefingBody, briefingBody } from '../../game/briefing';
import { briefingEditResponse, playBriefingResponse } from '../briefing';

/**
 * The briefing and finish message (issue 29, decision 0442): players read them (X-Player-Token); the organiser
 * (X-Manage-Key) and staff edit them.
 */
export const briefingEndpoints = {
  play: defineEndpoint({ method: 'GET', path: '/api/play/:code/briefing', params: playCodeParams, response: playBriefingResponse }),
  booker: defineEndpoint({ method: 'GET', path: '/api/booking/:code/briefing', params: playCodeParams, response: briefingEditResponse }),
  bookerSave: defineEndpoint({
    method: 'PUT',
    path: '/api/booking/:code/briefing',
    params: playCodeParams,
    body: briefingBody,
    response: briefingEditResponse,
  }),
  admin: defineEndpoint({ method: 'GET', path: '/api/admin/games/:code/briefing', params: playCodeParams, response: briefingEditResponse }),
  adminSave: defineEndpoint({
    method: 'PUT',
    path: '/api/admin/games/:code/briefing',
    params: playCodeParams,
    /** With `translations` (decision 0630): left out, they are kept. */
    body: adminBriefingBody,
    response: briefingEditResponse,
  }),
};
