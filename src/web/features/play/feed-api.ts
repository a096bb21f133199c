import { pathOf } from '../../../shared/api/endpoint';
import { playFeedEndpoints as ep } from '../../../shared/api/endpoints/showcase';
import { api } from '../../lib/api-client';
import { playerHeaders } from './challenges-api';

/** The activity feed of every team's approved answers (decision 0450): every call carries the player token. */
export const feedKeys = { list: (code: string) => ['play', 'feed', code.toUpperCase()] as const };
export const fetchFeed = async (code: string, token: string) => (await api(ep.feed, { params: { code }, headers: playerHeaders(token) })).items;
export const feedMediaUrl = (code: string) => (id: number) => pathOf(ep.media.path, { code, id });
