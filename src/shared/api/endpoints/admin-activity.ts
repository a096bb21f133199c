import { defineEndpoint } from '../endpoint';
import { activityQuery, activityResponse } from '../activity';

export const adminActivityEndpoint = defineEndpoint({ method: 'GET', path: '/api/admin/activity', query: activityQuery, response: activityResponse });
