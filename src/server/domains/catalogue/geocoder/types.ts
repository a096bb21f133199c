import type { Place } from '../../../../shared/api/public-booking';
import { AppError } from '../../../platform/errors';
import { PUBLIC_BOOKING_MESSAGES } from '../../../../shared/api/public-booking';

export type { Place };

/** One way of turning typed text into city suggestions; the route never knows which one runs. */
export interface Geocoder {
  readonly name: string;
  /** Up to `limit` places whose name starts with the text (already trimmed, at least 2 characters). */
  search(query: string, limit: number): Promise<Place[]>;
}

/** The upstream geocoder failed (502) or is overloaded / refusing us (503); the UI shows its own text. */
export class GeocoderUnavailableError extends AppError {
  constructor(
    statusCode: 502 | 503,
    readonly detail: string,
  ) {
    super(statusCode, PUBLIC_BOOKING_MESSAGES.geocodeFailed);
  }
}
