import { defineEndpoint } from '../endpoint';
import { chatMessageResponse, hostMessageParams, hostReplyBody, hostTeamParams, inboxResponse, messagesResponse, postMessageBody } from '../chat';
import { playCodeParams } from '../play';

const play = '/api/play/:code' as const;
const host = '/api/host/games/:code' as const;

/** Players (X-Player-Token): their messages, and writing to their team or the host (Idempotency-Key, made_at). */
export const playChatEndpoints = {
  list: defineEndpoint({ method: 'GET', path: `${play}/messages`, params: playCodeParams, response: messagesResponse }),
  post: defineEndpoint({ method: 'POST', path: `${play}/messages`, params: playCodeParams, body: postMessageBody, response: chatMessageResponse, status: 201 }),
};

/** The host console's inbox (logged-in admin or the game's host); broadcasts are hostEndpoints.message. */
export const hostChatEndpoints = {
  inbox: defineEndpoint({ method: 'GET', path: `${host}/messages`, params: playCodeParams, response: inboxResponse }),
  replyToTeam: defineEndpoint({
    method: 'POST',
    path: `${host}/teams/:teamId/messages`,
    params: hostTeamParams,
    body: hostReplyBody,
    response: chatMessageResponse,
    status: 201,
  }),
  replyToChicken: defineEndpoint({
    method: 'POST',
    path: `${host}/chicken/messages`,
    params: playCodeParams,
    body: hostReplyBody,
    response: chatMessageResponse,
    status: 201,
  }),
  hide: defineEndpoint({ method: 'POST', path: `${host}/messages/:id/hide`, params: hostMessageParams, response: chatMessageResponse }),
};
