import { describe, expect, it } from 'vitest';
import { gameAreaForm } from './game-area-form';

const messageOf = (text: { lat: string; lng: string; radius: string }) => {
  const result = gameAreaForm.safeParse(text);
  return result.success ? null : result.error.issues[0]?.message;
};

describe('the game area as typed', () => {
  it('reads the typed texts as the area the server gets', () => {
    expect(gameAreaForm.parse({ lat: ' 51.5 ', lng: '-0.12', radius: '1500' })).toEqual({ lat: 51.5, lng: -0.12, radius: 1500 });
  });

  it("refuses with the shared rule's words", () => {
    expect(messageOf({ lat: '', lng: '0', radius: '1000' })).toBe('Please enter a latitude');
    expect(messageOf({ lat: '91', lng: '0', radius: '1000' })).toBe('Latitude is between -90 and 90');
    expect(messageOf({ lat: '0', lng: '0', radius: '99' })).toBe('The radius is at least 100 m');
    expect(messageOf({ lat: '0', lng: '0', radius: '150.5' })).toBe('The radius is a whole number of metres');
  });
});
