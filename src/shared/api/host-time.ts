import { z } from 'zod';
import { MAX_TRAVEL_MARGIN_MINUTES } from '../host-time';

export const HOST_TIME_MESSAGES = {
  invalidFrom: 'Please give when you become unavailable',
  invalidUntil: 'Please give when you are available again',
  untilBeforeFrom: 'The end must come after the start',
  noteTooLong: 'Please keep the note under 500 characters',
  notFound: 'That unavailable time was not found',
  invalidMargin: `Please give a travel margin between 0 and ${MAX_TRAVEL_MARGIN_MINUTES} minutes`,
} as const;

const instant = (message: string) => z.iso.datetime({ offset: true, error: message });

/** A stretch a host marks unavailable, as ISO 8601 instants (the console sends its local time with its offset). */
export const unavailabilityBody = z
  .object({
    starts_at: instant(HOST_TIME_MESSAGES.invalidFrom),
    ends_at: instant(HOST_TIME_MESSAGES.invalidUntil),
    note: z.string().max(500, HOST_TIME_MESSAGES.noteTooLong).default(''),
  })
  .refine((b) => Date.parse(b.ends_at) > Date.parse(b.starts_at), { path: ['ends_at'], message: HOST_TIME_MESSAGES.untilBeforeFrom });
export type UnavailabilityBody = z.input<typeof unavailabilityBody>;

export const unavailabilitySchema = z.object({ id: z.number().int(), starts_at: z.string(), ends_at: z.string(), note: z.string() });
export type Unavailability = z.infer<typeof unavailabilitySchema>;
export const unavailabilityListResponse = z.object({ unavailability: z.array(unavailabilitySchema) });
export const unavailabilityResponse = z.object({ unavailability: unavailabilitySchema });
export const okResponse = z.object({ ok: z.literal(true) });

export const hostTimeSettingsSchema = z.object({
  travel_margin_minutes: z
    .number({ error: HOST_TIME_MESSAGES.invalidMargin })
    .int(HOST_TIME_MESSAGES.invalidMargin)
    .min(0, HOST_TIME_MESSAGES.invalidMargin)
    .max(MAX_TRAVEL_MARGIN_MINUTES, HOST_TIME_MESSAGES.invalidMargin),
});
export type HostTimeSettings = z.infer<typeof hostTimeSettingsSchema>;

/** Each host as the staff picker sees them for one booking: free, or why not (the other booking's code). */
export const hostAvailabilitySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  available: z.boolean(),
  reason: z.string().nullable(),
  clash_code: z.string().nullable(),
});
export type HostAvailability = z.infer<typeof hostAvailabilitySchema>;
export const hostAvailabilityResponse = z.object({ hosts: z.array(hostAvailabilitySchema) });
