import { describe, expect, it } from 'vitest';
import { foldName, placeType } from './gazetteer';

describe('GeoNames feature codes', () => {
  it('keep populated places as city, town or village by size, capitals always cities', () => {
    expect(placeType('PPLC', 5_000)).toBe('city');
    expect(placeType('PPLA', 250_000)).toBe('city');
    expect(placeType('PPL', 40_000)).toBe('town');
    expect(placeType('PPLA3', 2_000)).toBe('village');
    expect(placeType('STLMT', 1_500)).toBe('village');
  });
  it('map administrative divisions to province and municipality', () => {
    expect(placeType('ADM1', 0)).toBe('province');
    expect(placeType('ADM3', 0)).toBe('municipality');
  });
  it('drop historical, abandoned and destroyed places, sections of places and anything else', () => {
    for (const code of ['PPLH', 'PPLQ', 'PPLW', 'PPLX', 'PPLCH', 'MT', 'STM']) expect(placeType(code, 1_000_000)).toBeNull();
  });
});

describe('name folding', () => {
  it('ignores case, accents and special letters', () => {
    expect(foldName('Zürich')).toBe('zurich');
    expect(foldName('São Paulo')).toBe('sao paulo');
    expect(foldName('Łódź')).toBe('lodz');
    expect(foldName('Straße')).toBe('strasse');
    expect(foldName('Ærø')).toBe('aero');
    expect(foldName('  New   York ')).toBe('new york');
    expect(foldName('L’Aquila')).toBe("l'aquila");
  });
});
