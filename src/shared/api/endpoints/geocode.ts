import { defineEndpoint } from '../endpoint';
import { geocodeQuery, geocodeResponse } from '../public-booking';

export const geocodeEndpoint = defineEndpoint({ method: 'GET', path: '/api/geocode', query: geocodeQuery, response: geocodeResponse });
