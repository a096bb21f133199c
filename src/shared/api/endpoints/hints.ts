import { defineEndpoint } from '../endpoint';
import { hostHintsResponse, takeHintBody, takeHintResponse, teamHintsResponse } from '../hints';
import { playCodeParams } from '../play';

/** A team's hints (X-Player-Token) and the host's list of the hints each team took (decision 0581). */
export const hintEndpoints = {
  list: defineEndpoint({ method: 'GET', path: '/api/play/:code/hints', params: playCodeParams, response: teamHintsResponse }),
  take: defineEndpoint({ method: 'POST', path: '/api/play/:code/hints', params: playCodeParams, body: takeHintBody, response: takeHintResponse }),
  host: defineEndpoint({ method: 'GET', path: '/api/host/games/:code/hints', params: playCodeParams, response: hostHintsResponse }),
};
