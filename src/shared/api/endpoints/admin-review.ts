import { defineEndpoint } from '../endpoint';
import { idParam } from '../common';
import { approveBody, mediaResponse, photoResponse, rateBody, rejectBody, reviewResponse, submissionsListResponse, submissionsQuery } from '../submissions';
import { adjustmentBody, adjustmentResponse, leaderboardResponse, scoringInstancesResponse, teamIdParam } from '../scoring';
import { createStationBody, gameStationsResponse, markerGamesResponse, stationDeletedResponse, stationResponse, updateStationBody } from '../markers';

const submissions = '/api/admin/submissions';
export const adminSubmissionsEndpoints = {
  list: defineEndpoint({ method: 'GET', path: submissions, query: submissionsQuery, response: submissionsListResponse }),
  /** The older address of a photo; `media` serves photos and videos alike (decision 0421). */
  photo: defineEndpoint({ method: 'GET', path: `${submissions}/:id/photo`, params: idParam, response: photoResponse }),
  media: defineEndpoint({ method: 'GET', path: `${submissions}/:id/media`, params: idParam, response: mediaResponse }),
  approve: defineEndpoint({ method: 'POST', path: `${submissions}/:id/approve`, params: idParam, body: approveBody, response: reviewResponse }),
  rate: defineEndpoint({ method: 'POST', path: `${submissions}/:id/rate`, params: idParam, body: rateBody, response: reviewResponse }),
  reject: defineEndpoint({ method: 'POST', path: `${submissions}/:id/reject`, params: idParam, body: rejectBody, response: reviewResponse }),
};

const scoring = '/api/admin/scoring';
export const adminScoringEndpoints = {
  instances: defineEndpoint({ method: 'GET', path: `${scoring}/instances`, response: scoringInstancesResponse }),
  leaderboard: defineEndpoint({ method: 'GET', path: `${scoring}/instances/:id`, params: idParam, response: leaderboardResponse }),
  adjust: defineEndpoint({
    method: 'POST',
    path: `${scoring}/teams/:teamId/adjustments`,
    params: teamIdParam,
    body: adjustmentBody,
    response: adjustmentResponse,
    status: 201,
  }),
};

const markers = '/api/admin/markers';
export const adminMarkersEndpoints = {
  games: defineEndpoint({ method: 'GET', path: `${markers}/games`, response: markerGamesResponse }),
  stations: defineEndpoint({ method: 'GET', path: `${markers}/games/:id/stations`, params: idParam, response: gameStationsResponse }),
  create: defineEndpoint({
    method: 'POST',
    path: `${markers}/games/:id/stations`,
    params: idParam,
    body: createStationBody,
    response: stationResponse,
    status: 201,
  }),
  update: defineEndpoint({ method: 'PATCH', path: `${markers}/stations/:id`, params: idParam, body: updateStationBody, response: stationResponse }),
  remove: defineEndpoint({ method: 'DELETE', path: `${markers}/stations/:id`, params: idParam, response: stationDeletedResponse, status: 204 }),
};
