/**
 * How long game data is kept after a game (issue 41, decision 0570): the install's retention settings and the one rule
 * that turns them into cut-off instants. The daily job, the recap's "media kept until" and the privacy notice all ask
 * this module, so the three never disagree.
 */
export const RETENTION_DEFAULTS = { positions_days: 30, media_days: 90, lead_months: 24 } as const;
export const RETENTION_LIMITS = { days: { min: 1, max: 3650 }, months: { min: 1, max: 120 } } as const;

export type RetentionSettings = { positions_days: number; media_days: number; lead_months: number };

const DAY_MS = 24 * 60 * 60 * 1000;

/** Game data of games that ended before these instants is due; leads made before `leads` that never booked are due. */
export type RetentionCutoffs = { positions: Date; media: Date; leads: Date };

export function retentionCutoffs(settings: RetentionSettings, now: Date): RetentionCutoffs {
  const leads = new Date(now.getTime());
  leads.setUTCMonth(leads.getUTCMonth() - settings.lead_months);
  return {
    positions: new Date(now.getTime() - settings.positions_days * DAY_MS),
    media: new Date(now.getTime() - settings.media_days * DAY_MS),
    leads,
  };
}

/** When a game's photos and videos go: its end plus the media days (the recap says so). */
export function mediaKeptUntil(endedAt: Date, settings: Pick<RetentionSettings, 'media_days'>): Date {
  return new Date(endedAt.getTime() + settings.media_days * DAY_MS);
}
