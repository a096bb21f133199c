import { defineEndpoint } from '../endpoint';
import { playCodeParams, streamResponse } from '../play';
import { gameCodeParams } from '../booker-game';
import {
  feedItemParams,
  feedResponse,
  hideFeedBody,
  hideFeedResponse,
  mediaResponse,
  mediaZipResponse,
  recapBody,
  recapLinkResponse,
  recapMediaParams,
  recapResponse,
  recapStateResponse,
  recapTokenParams,
  regenerateScreenBody,
  screenLinkResponse,
  screenMediaParams,
  screenResponse,
  screenTokenParams,
} from '../showcase';

const play = '/api/play/:code' as const;
const host = '/api/host/games/:code' as const;
const booking = '/api/booking/:code' as const;

/** Players (X-Player-Token): the feed of approved answers of every team, and each one's media. */
export const playFeedEndpoints = {
  feed: defineEndpoint({ method: 'GET', path: `${play}/feed`, params: playCodeParams, response: feedResponse }),
  media: defineEndpoint({ method: 'GET', path: `${play}/feed/:id/media`, params: feedItemParams, response: mediaResponse }),
};

/** Staff (an admin or the game's host): the feed, hiding an answer, the big-screen link, every media as a zip. */
export const hostShowcaseEndpoints = {
  feed: defineEndpoint({ method: 'GET', path: `${host}/feed`, params: playCodeParams, response: feedResponse }),
  hide: defineEndpoint({ method: 'POST', path: `${host}/feed/:id/hide`, params: feedItemParams, body: hideFeedBody, response: hideFeedResponse }),
  screen: defineEndpoint({ method: 'GET', path: `${host}/screen`, params: playCodeParams, response: screenLinkResponse }),
  regenerateScreen: defineEndpoint({
    method: 'POST',
    path: `${host}/screen`,
    params: playCodeParams,
    body: regenerateScreenBody,
    response: screenLinkResponse,
  }),
  mediaZip: defineEndpoint({ method: 'GET', path: `${host}/media.zip`, params: playCodeParams, response: mediaZipResponse }),
};

/** The organiser (X-Manage-Key): the big-screen link, the recap's publication, every media as a zip. */
export const bookerShowcaseEndpoints = {
  screen: defineEndpoint({ method: 'GET', path: `${booking}/screen`, params: gameCodeParams, response: screenLinkResponse }),
  regenerateScreen: defineEndpoint({
    method: 'POST',
    path: `${booking}/screen`,
    params: gameCodeParams,
    body: regenerateScreenBody,
    response: screenLinkResponse,
  }),
  recapState: defineEndpoint({ method: 'GET', path: `${booking}/recap`, params: gameCodeParams, response: recapStateResponse }),
  publishRecap: defineEndpoint({ method: 'POST', path: `${booking}/recap`, params: gameCodeParams, body: recapBody, response: recapLinkResponse }),
  mediaZip: defineEndpoint({ method: 'GET', path: `${booking}/media.zip`, params: gameCodeParams, response: mediaZipResponse }),
};

/** Anyone with the big screen's private link: its snapshot, its stream (never the Chicken), the feed's media. */
export const screenEndpoints = {
  screen: defineEndpoint({ method: 'GET', path: '/api/screen/:token', params: screenTokenParams, response: screenResponse }),
  stream: defineEndpoint({ method: 'GET', path: '/api/screen/:token/stream', params: screenTokenParams, response: streamResponse }),
  media: defineEndpoint({ method: 'GET', path: '/api/screen/:token/feed/:id/media', params: screenMediaParams, response: mediaResponse }),
};

/** Anyone with a published recap's link: its data and its media; 404 while unpublished. */
export const recapEndpoints = {
  recap: defineEndpoint({ method: 'GET', path: '/api/recap/:token', params: recapTokenParams, response: recapResponse }),
  media: defineEndpoint({ method: 'GET', path: '/api/recap/:token/media/:id', params: recapMediaParams, response: mediaResponse }),
};
