import { describe, expect, it } from 'vitest';
import { readsChannel } from './chat-audience';

/** Who reads a chat message (decision 0580): the one rule of the stream's filter. */
const fox = { kind: 'player', playerId: 1, teamId: 10, role: 'player' };
const owl = { kind: 'player', playerId: 2, teamId: 20, role: 'player' };
const chicken = { kind: 'player', playerId: 3, teamId: null, role: 'chicken' };
const staff = { kind: 'staff' };
const organiser = { kind: 'organiser' };
const screen = { kind: 'screen' };
const readers = { fox, owl, chicken, staff, organiser, screen };
const who = (meta: Parameters<typeof readsChannel>[1]) =>
  Object.entries(readers)
    .filter(([, reader]) => readsChannel(reader, meta))
    .map(([name]) => name);

describe('readsChannel', () => {
  it('gives a broadcast to everyone', () => {
    expect(who({ channel: 'all' })).toEqual(['fox', 'owl', 'chicken', 'staff', 'organiser', 'screen']);
  });
  it("gives a team's channel and its channel with the host to that team and staff only", () => {
    expect(who({ channel: 'team', teamId: 10 })).toEqual(['fox', 'staff']);
    expect(who({ channel: 'host', teamId: 20 })).toEqual(['owl', 'staff']);
  });
  it("gives the Chicken's channel with the host to the Chicken and staff only", () => {
    expect(who({ channel: 'host', playerId: 3 })).toEqual(['chicken', 'staff']);
  });
  it('never gives a team channel to the Chicken, even one naming no team', () => {
    expect(who({ channel: 'team', teamId: null })).toEqual(['staff']);
  });
});
