import { sql } from 'drizzle-orm';
import { boolean, check, doublePrecision, index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { CHALLENGE_TYPES, SPICE_LEVELS } from '../../../../shared/validation/challenge-rules';
import { oneOfCheck } from '../../../platform/db/one-of-check';
import { MEDIA_KINDS } from '../../../../shared/media';
import type { Hint } from '../../../../shared/game/hints';
import type { Translations } from '../../../../shared/i18n/content';
import type { ChallengeTranslatedField } from '../../../../shared/validation/challenge-rules';

export const challenges = pgTable(
  'challenges',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    description: text('description').notNull(),
    type: text('type', { enum: CHALLENGE_TYPES }).notNull().default('Rating'),
    spiceLevel: text('spice_level', { enum: SPICE_LEVELS }).notNull().default('Mild'),
    isActive: boolean('is_active').notNull().default(true),
    maxScore: integer('max_score').notNull().default(10),
    maxSubmissions: integer('max_submissions').notNull().default(1),
    pointsPerSubmission: integer('points_per_submission').notNull().default(1),
    regionCode: text('region_code'),
    /** Challenges every new game starts with, per plan (see src/shared/plans). */
    isDefault: boolean('is_default').notNull().default(false),
    /** A place the answer must be sent from (issue 29, decision 0440): all three or none. */
    locationLat: doublePrecision('location_lat'),
    locationLng: doublePrecision('location_lng'),
    locationRadiusM: integer('location_radius_m'),
    /** The pin is shown to a team only once it is near (shared/game/places.ts). */
    hiddenUntilNear: boolean('hidden_until_near').notNull().default(false),
    /** Be there, nothing to send: scores on arrival, once per team. */
    checkIn: boolean('check_in').notNull().default(false),
    /** Right/wrong answers approved without a host when they match one (shared/game/answers.ts, decision 0441). */
    acceptedAnswers: jsonb('accepted_answers').$type<string[]>().notNull().default([]),
    /** The media a photo answer is sent as: a photo, or a video for a challenge that says "film…" (decision 0422). */
    answerMedia: text('answer_media', { enum: MEDIA_KINDS }).notNull().default('photo'),
    /** The phone offers the camera only, not the gallery (decision 0423: what the server can and cannot enforce). */
    liveCapture: boolean('live_capture').notNull().default(false),
    /** Up to three hints, each shown after a time or on request for points (shared/game/hints.ts, decision 0581). */
    hints: jsonb('hints').$type<Hint[]>().notNull().default([]),
    /** The title and description in other languages, language → field → text; {} when none (decision 0630). */
    translations: jsonb('translations').$type<Translations<ChallengeTranslatedField>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('challenges_spice_idx').on(t.spiceLevel),
    oneOfCheck('challenges_type_check', t.type, CHALLENGE_TYPES),
    oneOfCheck('challenges_spice_level_check', t.spiceLevel, SPICE_LEVELS),
    oneOfCheck('challenges_answer_media_check', t.answerMedia, MEDIA_KINDS),
    check(
      'challenges_location_check',
      sql`(${t.locationLat} is null and ${t.locationLng} is null and ${t.locationRadiusM} is null) or (${t.locationLat} is not null and ${t.locationLng} is not null and ${t.locationRadiusM} > 0)`,
    ),
    check('challenges_check_in_check', sql`not ${t.checkIn} or ${t.locationLat} is not null`),
  ],
);
