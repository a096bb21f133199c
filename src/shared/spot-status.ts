/**
 * A meeting point's or hiding spot's status (spec section 3): 'requested' when the booker proposed it, 'confirmed'
 * once staff set or confirmed it, else none ('Not set'). One list and one label each, for the booker's page, the staff
 * detail and the export.
 */
export const SPOT_STATUSES = ['requested', 'confirmed'] as const;
export type SpotStatus = (typeof SPOT_STATUSES)[number];

export const SPOT_STATUS_LABELS: Readonly<Record<SpotStatus, string>> = { requested: 'Requested', confirmed: 'Confirmed' };
export const SPOT_NOT_SET = 'Not set';

export const isSpotStatus = (value: string | null): value is SpotStatus => SPOT_STATUSES.some((s) => s === value);

/** The label of a stored status: 'Requested', 'Confirmed', or 'Not set' for none (or anything else). */
export function spotStatusLabel(status: string | null): string {
  return isSpotStatus(status) ? SPOT_STATUS_LABELS[status] : SPOT_NOT_SET;
}
