import { defineEndpoint } from '../endpoint';
import { consoleResponse, gameResponse, hostGamesResponse } from '../host';
import { messageBody, messageResponse, playCodeParams, streamResponse } from '../play';

const one = '/api/host/games/:code' as const;

/** The host console (logged-in admin or the game's assigned host). */
export const hostEndpoints = {
  games: defineEndpoint({ method: 'GET', path: '/api/host/games', response: hostGamesResponse }),
  console: defineEndpoint({ method: 'GET', path: one, params: playCodeParams, response: consoleResponse }),
  start: defineEndpoint({ method: 'POST', path: `${one}/start`, params: playCodeParams, response: gameResponse }),
  end: defineEndpoint({ method: 'POST', path: `${one}/end`, params: playCodeParams, response: gameResponse }),
  resume: defineEndpoint({ method: 'POST', path: `${one}/resume`, params: playCodeParams, response: gameResponse }),
  message: defineEndpoint({ method: 'POST', path: `${one}/messages`, params: playCodeParams, body: messageBody, response: messageResponse, status: 201 }),
  stream: defineEndpoint({ method: 'GET', path: `${one}/stream`, params: playCodeParams, response: streamResponse }),
};
