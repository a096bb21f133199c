import { hostEndpoints as ep } from '../../../shared/api/endpoints/host';
import { pathOf } from '../../../shared/api/endpoint';
import { api } from '../../lib/api-client';

/** The host console's calls: the staff session cookie is the credential (decision 0230). */
export const hostKeys = {
  games: ['host', 'games'] as const,
  console: (code: string) => ['host', 'console', code.toUpperCase()] as const,
};

export const fetchHostGames = () => api(ep.games);
export const fetchConsole = (code: string, signal?: AbortSignal) => api(ep.console, { params: { code }, ...(signal ? { signal } : {}) });
export const startGame = (code: string) => api(ep.start, { params: { code } });
export const endGame = (code: string) => api(ep.end, { params: { code } });
export const sendMessage = (code: string, text: string) => api(ep.message, { params: { code }, body: { text } });
export const consoleStreamUrl = (code: string) => pathOf(ep.stream.path, { code });
export const resumeGame = (code: string) => api(ep.resume, { params: { code } });
