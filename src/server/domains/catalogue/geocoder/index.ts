import type { Config } from '../../../platform/config';
import { createGazetteerGeocoder } from './gazetteer';
import { createNominatimGeocoder } from './nominatim';
import type { Geocoder } from './types';

export type { Geocoder, Place } from './types';
export { GeocoderUnavailableError } from './types';

/** GEOCODER_URL set: that Nominatim-compatible service; unset: the embedded offline gazetteer. */
export function createGeocoder(config: Pick<Config, 'GEOCODER_URL' | 'PUBLIC_URL'>): Geocoder {
  if (!config.GEOCODER_URL) return createGazetteerGeocoder();
  return createNominatimGeocoder({
    baseUrl: config.GEOCODER_URL,
    userAgent: `hatch-booking/0.1 (+${config.PUBLIC_URL ?? 'self-hosted; no public URL configured'})`,
  });
}
