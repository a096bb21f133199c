/** Click identifiers and UTM fields kept from the landing URL (spec section 3, tracking fields). */
export const TRACKING_FIELDS = [
  'gclid',
  'fbclid',
  'fbc',
  'li_fat_id',
  'msclkid',
  'ttclid',
  'twclid',
  'pclid',
  'snapclid',
  'dclid',
  'rdt_cid',
  'utm_source',
  'utm_medium',
  'utm_campaign',
  'utm_term',
  'utm_content',
] as const;
export type TrackingField = (typeof TRACKING_FIELDS)[number];
export type Tracking = Partial<Record<TrackingField, string | null>>;

export type BookingSource = 'instagram' | 'facebook' | 'linkedin' | 'google' | null;

/** The Source column's icon: from utm_source, or from the network's own click identifier. */
export function inferSource(t: Tracking): BookingSource {
  const utm = (t.utm_source ?? '').toLowerCase();
  if (utm.includes('instagram') || utm === 'ig') return 'instagram';
  if (utm.includes('facebook') || utm === 'fb' || t.fbclid || t.fbc) return 'facebook';
  if (utm.includes('linkedin') || t.li_fat_id) return 'linkedin';
  if (utm.includes('google') || t.gclid) return 'google';
  return null;
}
