import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client';
import type { PrivacySettings } from '../../../shared/api/privacy';
import { privacySettings } from './tables/privacy';

/** The install's privacy settings, the defaults until staff save them (shared/privacy/retention.ts). */
export async function privacySettingsOf(db: DbOrTx): Promise<PrivacySettings> {
  await db.insert(privacySettings).values({ id: 1 }).onConflictDoNothing();
  const [row] = await db.select().from(privacySettings).where(eq(privacySettings.id, 1)).limit(1);
  if (!row) throw new Error('privacy settings row missing');
  return {
    positions_days: row.positionsDays,
    media_days: row.mediaDays,
    lead_months: row.leadMonths,
    contact_name: row.contactName,
    contact_email: row.contactEmail,
  };
}

export async function savePrivacySettings(db: DbOrTx, s: PrivacySettings): Promise<void> {
  const values = {
    positionsDays: s.positions_days,
    mediaDays: s.media_days,
    leadMonths: s.lead_months,
    contactName: s.contact_name,
    contactEmail: s.contact_email,
  };
  await db
    .insert(privacySettings)
    .values({ id: 1, ...values })
    .onConflictDoUpdate({ target: privacySettings.id, set: values });
}
