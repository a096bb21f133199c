import { useQuery } from '@tanstack/react-query';
import { privacyQuery } from '../../lib/privacy-api';
import { errorMessage } from '../../lib/api-client';
import { Spinner } from '../../components/spinner';
import { ErrorState, Section } from '../../components/ui';
import { BrandHeader } from '../../components/brand-header';
import { useT } from '../../lib/i18n';

/**
 * /privacy: the privacy notice (issue 41), written from the install's settings, so what it says of how long things are
 * kept is what the retention job does (shared/privacy/retention.ts). The terms and waiver in force follow it.
 */
export function PrivacyNoticePage() {
  const query = useQuery(privacyQuery);
  const t = useT('public');
  if (query.isPending) return <Spinner label={t('privacyLoading')} />;
  if (query.isError) return <ErrorState message={errorMessage(query.error, t('privacyLoadFailed'))} />;
  const { notice, terms, waiver } = query.data;
  const contact = notice.contact_email ? (
    <>
      {notice.contact_name ? `${notice.contact_name}, ` : ''}
      <a href={`mailto:${notice.contact_email}`} className="font-medium text-brand-700 underline">
        {notice.contact_email}
      </a>
    </>
  ) : (
    t('privacyOrganiser')
  );
  return (
    <>
      <BrandHeader width="max-w-2xl" />
      <main className="mx-auto max-w-2xl space-y-6 px-4 py-8 text-slate-800">
        <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">{t('privacyTitle')}</h1>
        <Section look="page" id="what" title={t('privacyWhatWeKeep')}>
          <ul className="list-disc space-y-2 pl-5">
            <li>
              <strong>{t('privacyBooking')}</strong>
              {t('privacyBookingText')}
            </li>
            <li>
              <strong>{t('privacyEnquiries')}</strong>
              {t('privacyEnquiriesText', { months: String(notice.lead_months) })}
            </li>
            <li>
              <strong>{t('privacyPositions')}</strong>
              {t('privacyPositionsText', { days: String(notice.positions_days) })}
            </li>
            <li>
              <strong>{t('privacyMedia')}</strong>
              {t('privacyMediaText', { days: String(notice.media_days) })}
            </li>
            <li>
              <strong>{t('privacyNames')}</strong>
              {t('privacyNamesText')}
            </li>
          </ul>
        </Section>
        <Section look="page" id="rights" title={t('privacyOnRequest')}>
          <p>
            {t('privacyRights')} {contact}.
          </p>
        </Section>
        {terms ? (
          <Section look="page" id="terms" title={t('privacyTerms', { version: String(terms.version) })}>
            <p className="whitespace-pre-line">{terms.text}</p>
          </Section>
        ) : null}
        {waiver ? (
          <Section look="page" id="waiver" title={t('privacyWaiver', { version: String(waiver.version) })}>
            <p className="whitespace-pre-line">{waiver.text}</p>
          </Section>
        ) : null}
      </main>
    </>
  );
}
