import { defineEndpoint } from '../endpoint';
import {
  changeTeamBody,
  changeTeamResponse,
  joinBody,
  joinResponse,
  mapResponse,
  meResponse,
  noContentResponse,
  playCodeParams,
  playGameResponse,
  playerResponse,
  positionBody,
  streamResponse,
  updateMeBody,
} from '../play';

const path = <T extends string>(tail: T) => `/api/play/:code${tail}` as const;

/** The player app's calls; all but the game and join carry PLAYER_TOKEN_HEADER. */
export const playEndpoints = {
  game: defineEndpoint({ method: 'GET', path: path(''), params: playCodeParams, response: playGameResponse }),
  join: defineEndpoint({ method: 'POST', path: path('/join'), params: playCodeParams, body: joinBody, response: joinResponse, status: 201 }),
  me: defineEndpoint({ method: 'GET', path: path('/me'), params: playCodeParams, response: meResponse }),
  updateMe: defineEndpoint({ method: 'PATCH', path: path('/me'), params: playCodeParams, body: updateMeBody, response: playerResponse }),
  changeTeam: defineEndpoint({ method: 'PUT', path: path('/me/team'), params: playCodeParams, body: changeTeamBody, response: changeTeamResponse }),
  position: defineEndpoint({ method: 'POST', path: path('/positions'), params: playCodeParams, body: positionBody, response: noContentResponse, status: 204 }),
  map: defineEndpoint({ method: 'GET', path: path('/map'), params: playCodeParams, response: mapResponse }),
  stream: defineEndpoint({ method: 'GET', path: path('/stream'), params: playCodeParams, response: streamResponse }),
};
