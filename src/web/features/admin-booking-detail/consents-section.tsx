import { useQuery } from '@tanstack/react-query';
import type { AdminBooking } from '../../../shared/api/booking';
import { consentKeys, fetchStaffConsents } from '../../lib/privacy-api';
import { ConsentsList } from '../../components/consents-list';
import { Section } from '../../components/ui';
import { urlOf } from '../../../shared/api/endpoint';
import { privacyEndpoints } from '../../../shared/api/endpoints/privacy';
import { Spinner } from '../../components/spinner';
import { useT } from '../../lib/i18n';

/** Who accepted what on this booking (issue 41): the booker's terms, each player's waiver and photo choice. */
export function ConsentsSection({ booking }: { booking: AdminBooking }) {
  const t = useT('admin');
  const query = useQuery({ queryKey: consentKeys.staff(booking.id), queryFn: () => fetchStaffConsents(booking.id) });
  return (
    <Section
      title={t('consents.title')}
      id="consents"
      actions={
        <a className="text-sm font-medium text-brand-700 underline" href={urlOf(privacyEndpoints.disputePack, { id: booking.id })} download>
          {t('consents.disputePack')}
        </a>
      }
    >
      {query.data ? <ConsentsList consents={query.data} /> : query.isError ? <p className="text-sm text-red-700">{t('consents.loadFailed')}</p> : <Spinner />}
    </Section>
  );
}
