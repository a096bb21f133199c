import { PeopleSection } from './people-section';
import { PrivacyTextSection } from './privacy-texts-section';
import { RetentionSection } from './retention-section';
import { useT } from '../../lib/i18n';

/** /admin/privacy (issue 41, decision 0570): the terms and waiver, how long data is kept, and a person's data. */
export function PrivacyPage() {
  const t = useT('system');
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-bold">{t('privacy.title')}</h1>
      <PrivacyTextSection kind="terms" />
      <PrivacyTextSection kind="waiver" />
      <RetentionSection />
      <PeopleSection />
    </div>
  );
}
