import { defineEndpoint } from '../endpoint';
import { playCodeParams } from '../play';
import { stationDeletedResponse, stationResponse } from '../markers';
import {
  backpackResponse,
  chickenResponse,
  foundBody,
  foundResponse,
  hideBody,
  hideResponse,
  hostStationBody,
  hostStationParams,
  huntConsoleResponse,
  pickupBody,
  pickupResponse,
  useBody,
  useResponse,
} from '../hunt';

const play = <T extends string>(tail: T) => `/api/play/:code${tail}` as const;

/** The hunt's player calls (token in X-Player-Token) and the staff view of it (admin or the game's host). */
export const huntEndpoints = {
  chicken: defineEndpoint({ method: 'GET', path: play('/chicken'), params: playCodeParams, response: chickenResponse }),
  hide: defineEndpoint({ method: 'POST', path: play('/chicken/hide'), params: playCodeParams, body: hideBody, response: hideResponse }),
  found: defineEndpoint({ method: 'POST', path: play('/found-chicken'), params: playCodeParams, body: foundBody, response: foundResponse, status: 201 }),
  backpack: defineEndpoint({ method: 'GET', path: play('/backpack'), params: playCodeParams, response: backpackResponse }),
  pickup: defineEndpoint({ method: 'POST', path: play('/backpack/pickup'), params: playCodeParams, body: pickupBody, response: pickupResponse, status: 201 }),
  use: defineEndpoint({ method: 'POST', path: play('/backpack/use'), params: playCodeParams, body: useBody, response: useResponse }),
  console: defineEndpoint({ method: 'GET', path: '/api/host/games/:code/hunt', params: playCodeParams, response: huntConsoleResponse }),
  stationUpdate: defineEndpoint({
    method: 'PATCH',
    path: '/api/host/games/:code/stations/:id',
    params: hostStationParams,
    body: hostStationBody,
    response: stationResponse,
  }),
  stationRemove: defineEndpoint({
    method: 'DELETE',
    path: '/api/host/games/:code/stations/:id',
    params: hostStationParams,
    response: stationDeletedResponse,
    status: 204,
  }),
};
