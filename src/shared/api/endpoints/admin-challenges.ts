import { defineEndpoint } from '../endpoint';
import { idParam } from '../common';
import { challengeBody, challengeListResponse, challengeResponse, challengesQuery } from '../challenges';

export const adminChallengesEndpoints = {
  list: defineEndpoint({ method: 'GET', path: '/api/admin/challenges', query: challengesQuery, response: challengeListResponse }),
  get: defineEndpoint({ method: 'GET', path: '/api/admin/challenges/:id', params: idParam, response: challengeResponse }),
  create: defineEndpoint({ method: 'POST', path: '/api/admin/challenges', body: challengeBody, response: challengeResponse, status: 201 }),
  update: defineEndpoint({ method: 'PUT', path: '/api/admin/challenges/:id', params: idParam, body: challengeBody, response: challengeResponse }),
};
