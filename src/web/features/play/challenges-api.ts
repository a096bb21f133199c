import { playChallengesEndpoints as ep } from '../../../shared/api/endpoints/play-challenges';
import { PLAYER_TOKEN_HEADER } from '../../../shared/api/play';
import type { SubmitBody } from '../../../shared/api/play-challenges';
import { api, apiUpload } from '../../lib/api-client';
import { PHOTO_TYPES } from '../../../shared/uploads';

/** The team's challenges and submissions (issue 14): every call carries the player token. */
export const playerHeaders = (token: string) => ({ [PLAYER_TOKEN_HEADER]: token });

export const challengeKeys = {
  list: (code: string) => ['play', 'challenges', code.toUpperCase()] as const,
};

export const fetchChallenges = (code: string, token: string) => api(ep.challenges, { params: { code }, headers: playerHeaders(token) });
export const submitAnswer = (code: string, token: string, body: SubmitBody) => api(ep.submit, { params: { code }, body, headers: playerHeaders(token) });
/** A type the server does not take as an image body (HEIC, say) goes as bytes, so its answer is the photo rule's message. */
const asUpload = (file: Blob) => (PHOTO_TYPES.some((t) => t === file.type) ? file : new Blob([file], { type: 'application/octet-stream' }));

export const submitPhoto = (code: string, token: string, challengeId: number, file: Blob) =>
  apiUpload(ep.submitPhoto, { params: { code }, query: { challenge_id: challengeId }, headers: playerHeaders(token), file: asUpload(file) });
