import type { ChatChannel } from '../../../../shared/api/chat';

/**
 * Who reads a chat message (decision 0580), the one rule of the stream (game-events.ts visibleTo) and of the lists:
 * a team's channel and its channel with the host reach that team's players; the Chicken's channel with the host
 * reaches the Chicken alone (the Chicken is in no team, so it never reads a team's channel); staff read every one
 * (visibleTo lets them through first). The organiser's live view and the big screen read broadcasts only.
 */
export type ChannelReader = { kind: string; playerId?: number; teamId?: number | null; role?: string };
export type ChannelMeta = { channel?: ChatChannel | undefined; teamId?: number | null | undefined; playerId?: number | undefined };

export function readsChannel(reader: ChannelReader, meta: ChannelMeta): boolean {
  if (meta.channel === undefined || meta.channel === 'all') return true;
  if (reader.kind === 'staff') return true;
  if (reader.kind !== 'player') return false;
  if (meta.teamId !== undefined && meta.teamId !== null) return reader.role !== 'chicken' && reader.teamId === meta.teamId;
  return meta.channel === 'host' && meta.playerId !== undefined && reader.playerId === meta.playerId;
}
