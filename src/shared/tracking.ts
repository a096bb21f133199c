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

/** Each source's name: the staff list's icon label and the export's Source cell. */
export const BOOKING_SOURCE_LABELS: Readonly<Record<NonNullable<BookingSource>, string>> = {
  instagram: 'Instagram',
  facebook: 'Facebook',
  linkedin: 'LinkedIn',
  google: 'Google',
};

/** A source's name, '' for none. */
export const sourceLabel = (source: BookingSource): string => (source ? BOOKING_SOURCE_LABELS[source] : '');

/** The Source column's icon: from utm_source, or from the network's own click identifier. */
export function inferSource(t: Tracking): BookingSource {
  const utm = (t.utm_source ?? '').toLowerCase();
  if (utm.includes('instagram') || utm === 'ig') return 'instagram';
  if (utm.includes('facebook') || utm === 'fb' || t.fbclid || t.fbc) return 'facebook';
  if (utm.includes('linkedin') || t.li_fat_id) return 'linkedin';
  if (utm.includes('google') || t.gclid) return 'google';
  return null;
}
