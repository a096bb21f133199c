import { describe, expect, it } from 'vitest';
import { placeFromNominatim, searchUrl } from './nominatim';

describe('Nominatim results', () => {
  const base = { place_id: 5, osm_type: 'node', osm_id: 42, lat: '52.37', lon: '4.89', display_name: 'Amsterdam, Noord-Holland, Nederland' };

  it('keep places with a city, town, village, municipality or province, named by that part', () => {
    expect(placeFromNominatim({ ...base, address: { city: 'Amsterdam', country: 'Nederland', country_code: 'nl' } })).toEqual({
      id: 'osm:node:42',
      name: 'Amsterdam',
      display_name: 'Amsterdam, Noord-Holland, Nederland',
      lat: 52.37,
      lng: 4.89,
      country: 'Nederland',
      country_code: 'NL',
      timezone: 'Europe/Amsterdam',
      type: 'city',
    });
    expect(placeFromNominatim({ ...base, address: { province: 'Noord-Holland', country_code: 'nl' } })).toMatchObject({
      type: 'province',
      name: 'Noord-Holland',
      country: 'Netherlands',
    });
    expect(placeFromNominatim({ ...base, address: { municipality: 'Texel' } })).toMatchObject({ type: 'municipality', name: 'Texel' });
  });

  it('drop roads, shops, results without an address and malformed ones', () => {
    expect(placeFromNominatim({ ...base, address: { road: 'Damrak' } })).toBeNull();
    expect(placeFromNominatim(base)).toBeNull();
    expect(placeFromNominatim({ ...base, lat: 'north', address: { city: 'X' } })).toBeNull();
    expect(placeFromNominatim({ ...base, lat: '95', address: { city: 'X' } })).toBeNull();
    expect(placeFromNominatim('Amsterdam')).toBeNull();
  });
});

describe('the search URL', () => {
  it('adds /search to a bare server and keeps a given search path', () => {
    expect(searchUrl('https://nominatim.example', 'a b', 10)).toBe('https://nominatim.example/search?q=a+b&format=json&limit=10&addressdetails=1');
    expect(searchUrl('https://geo.example/nominatim/search', 'x', 10)).toMatch(/^https:\/\/geo\.example\/nominatim\/search\?q=x&/);
  });
});
