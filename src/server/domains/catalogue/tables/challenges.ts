import { boolean, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { CHALLENGE_TYPES, SPICE_LEVELS } from '../../../../shared/validation/challenge-rules';
import { oneOfCheck } from '../../../platform/db/one-of-check';

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
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('challenges_spice_idx').on(t.spiceLevel),
    oneOfCheck('challenges_type_check', t.type, CHALLENGE_TYPES),
    oneOfCheck('challenges_spice_level_check', t.spiceLevel, SPICE_LEVELS),
  ],
);
