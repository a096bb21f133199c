import { defineEndpoint } from '../endpoint';
import { gamesResponse, overviewQuery, submissionsResponse, teamsResponse } from '../admin-overview';

/** Read-only overviews across bookings. */
export const adminOverviewEndpoints = {
  games: defineEndpoint({ method: 'GET', path: '/api/admin/games', query: overviewQuery, response: gamesResponse }),
  teams: defineEndpoint({ method: 'GET', path: '/api/admin/teams', query: overviewQuery, response: teamsResponse }),
  submissions: defineEndpoint({ method: 'GET', path: '/api/admin/submissions', query: overviewQuery, response: submissionsResponse }),
};
