import { defineEndpoint } from '../endpoint';
import { bookerBookingResponse } from '../booking';
import {
  activateBody,
  challengeOptionsQuery,
  challengeOptionsResponse,
  chickenBody,
  gameAreaBody,
  gameCodeParams,
  liveQuery,
  locationsBody,
  saveChallengesBody,
  teamsBody,
} from '../booker-game';
import { consoleResponse } from '../host';
import { streamResponse } from '../play';

const path = <T extends string>(tail: T) => `/api/booking/:code/${tail}` as const;

/** The organiser's game set-up by game code; every call carries MANAGE_KEY_HEADER (decision 0140). */
export const bookerGameEndpoints = {
  challengeOptions: defineEndpoint({
    method: 'GET',
    path: path('challenges'),
    params: gameCodeParams,
    query: challengeOptionsQuery,
    response: challengeOptionsResponse,
  }),
  saveChallenges: defineEndpoint({
    method: 'POST',
    path: path('challenges'),
    params: gameCodeParams,
    body: saveChallengesBody,
    response: bookerBookingResponse,
  }),
  activate: defineEndpoint({ method: 'POST', path: path('activate'), params: gameCodeParams, body: activateBody, response: bookerBookingResponse }),
  locations: defineEndpoint({ method: 'PUT', path: path('locations'), params: gameCodeParams, body: locationsBody, response: bookerBookingResponse }),
  gameArea: defineEndpoint({ method: 'PUT', path: path('game-area'), params: gameCodeParams, body: gameAreaBody, response: bookerBookingResponse }),
  teams: defineEndpoint({ method: 'PUT', path: path('teams'), params: gameCodeParams, body: teamsBody, response: bookerBookingResponse }),
  chicken: defineEndpoint({ method: 'PUT', path: path('chicken'), params: gameCodeParams, body: chickenBody, response: bookerBookingResponse }),
  /** The live game, read-only: every team and player; the Chicken's position only with `chicken=show` (0280). */
  live: defineEndpoint({ method: 'GET', path: path('live'), params: gameCodeParams, query: liveQuery, response: consoleResponse }),
  liveStream: defineEndpoint({ method: 'GET', path: path('live/stream'), params: gameCodeParams, query: liveQuery, response: streamResponse }),
};
