import { defineEndpoint } from '../endpoint';
import {
  albumResponse,
  hostSubmissionsQuery,
  hostSubmissionsResponse,
  mediaSubmitQuery,
  photoSubmitQuery,
  playChallengesResponse,
  resultsResponse,
  submissionIdParams,
  submitBody,
  submitResponse,
} from '../play-challenges';
import { approveBody, mediaResponse, photoResponse, rateBody, rejectBody, reviewResponse } from '../submissions';
import { playCodeParams } from '../play';
import { gameCodeParams } from '../booker-game';

const play = '/api/play/:code' as const;
const host = '/api/host/games/:code' as const;
const booking = '/api/booking/:code' as const;

/** Players (X-Player-Token): the team's challenges, submitting, its photos; after the game the results and album. */
export const playChallengesEndpoints = {
  challenges: defineEndpoint({ method: 'GET', path: `${play}/challenges`, params: playCodeParams, response: playChallengesResponse }),
  submit: defineEndpoint({ method: 'POST', path: `${play}/submissions`, params: playCodeParams, body: submitBody, response: submitResponse, status: 201 }),
  /** The body is the image itself (image/jpeg, image/png or image/webp), not JSON. */
  submitPhoto: defineEndpoint({
    method: 'POST',
    path: `${play}/submissions/photo`,
    params: playCodeParams,
    query: photoSubmitQuery,
    response: submitResponse,
    status: 201,
  }),
  /**
   * A photo or video answer (issue 29): the body is the file itself, streamed and judged by its bytes, at most
   * MAX_MEDIA_BYTES of its kind (shared/media.ts). `submitPhoto` is the older photo-only address, the same handler.
   */
  submitMedia: defineEndpoint({
    method: 'POST',
    path: `${play}/submissions/media`,
    params: playCodeParams,
    query: mediaSubmitQuery,
    response: submitResponse,
    status: 201,
  }),
  photo: defineEndpoint({ method: 'GET', path: `${play}/submissions/:id/photo`, params: submissionIdParams, response: photoResponse }),
  media: defineEndpoint({ method: 'GET', path: `${play}/submissions/:id/media`, params: submissionIdParams, response: mediaResponse }),
  results: defineEndpoint({ method: 'GET', path: `${play}/results`, params: playCodeParams, response: resultsResponse }),
  album: defineEndpoint({ method: 'GET', path: `${play}/album`, params: playCodeParams, response: albumResponse }),
};

/** The host console's review queue of its game (logged-in admin or the game's host). */
export const hostReviewEndpoints = {
  list: defineEndpoint({ method: 'GET', path: `${host}/submissions`, params: playCodeParams, query: hostSubmissionsQuery, response: hostSubmissionsResponse }),
  photo: defineEndpoint({ method: 'GET', path: `${host}/submissions/:id/photo`, params: submissionIdParams, response: photoResponse }),
  media: defineEndpoint({ method: 'GET', path: `${host}/submissions/:id/media`, params: submissionIdParams, response: mediaResponse }),
  approve: defineEndpoint({ method: 'POST', path: `${host}/submissions/:id/approve`, params: submissionIdParams, body: approveBody, response: reviewResponse }),
  rate: defineEndpoint({ method: 'POST', path: `${host}/submissions/:id/rate`, params: submissionIdParams, body: rateBody, response: reviewResponse }),
  reject: defineEndpoint({ method: 'POST', path: `${host}/submissions/:id/reject`, params: submissionIdParams, body: rejectBody, response: reviewResponse }),
};

/** The organiser (X-Manage-Key) after the game: results and album. */
export const bookerResultsEndpoints = {
  results: defineEndpoint({ method: 'GET', path: `${booking}/results`, params: gameCodeParams, response: resultsResponse }),
  album: defineEndpoint({ method: 'GET', path: `${booking}/album`, params: gameCodeParams, response: albumResponse }),
  photo: defineEndpoint({ method: 'GET', path: `${booking}/album/:id/photo`, params: submissionIdParams, response: photoResponse }),
  media: defineEndpoint({ method: 'GET', path: `${booking}/album/:id/media`, params: submissionIdParams, response: mediaResponse }),
};
