import { defineEndpoint } from '../endpoint';
import { playCodeParams } from '../play';
import { checkInBody, checkInResponse } from '../places';

/** Challenges tied to a place: a team's check-in (X-Player-Token; issue 29, decision 0440). */
export const placesEndpoints = {
  checkIn: defineEndpoint({ method: 'POST', path: '/api/play/:code/check-in', params: playCodeParams, body: checkInBody, response: checkInResponse }),
};
