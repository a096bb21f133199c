import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { BookerBooking } from '../../../shared/api/booking';
import { acceptTerms, consentKeys, fetchBookerConsents } from '../../lib/privacy-api';
import { useAction } from '../../lib/use-action';
import { paths } from '../../lib/paths';
import { ConsentsList } from '../../components/consents-list';
import { Button, FieldError } from '../../components/ui';
import { PageSection } from './booker-ui';
import { useT } from '../../lib/i18n';

/**
 * The terms and waivers of the organiser's game (issue 41): what was accepted, and for a booking staff made while terms
 * were published, the box to accept them now.
 */
export function ConsentsSection({ booking }: { booking: BookerBooking }) {
  const query = useQuery({ queryKey: consentKeys.booker(booking.code), queryFn: () => fetchBookerConsents(booking) });
  const [ticked, setTicked] = useState(false);
  const t = useT('booker');
  const accept = useAction({
    call: (version: number) => acceptTerms(booking, version),
    success: t('termsAccepted'),
    failure: t('termsFailed'),
    failureToast: 'server',
    invalidates: [consentKeys.booker(booking.code)],
  });
  const consents = query.data;
  if (!consents) return null;
  const version = consents.current_terms_version;
  return (
    <PageSection id="consents" title={t('termsAndWaivers')}>
      <ConsentsList consents={consents} />
      {consents.terms_pending && version !== null ? (
        <form
          className="mt-4 space-y-3"
          data-testid="accept-terms"
          onSubmit={(e) => {
            e.preventDefault();
            void accept.run(version);
          }}
        >
          <label className="flex min-h-12 items-start gap-3">
            <input type="checkbox" className="mt-1 size-5" checked={ticked} onChange={(e) => setTicked(e.target.checked)} />
            <span>
              {t('iAcceptThe')}{' '}
              <a href={`${paths.privacy}#terms`} target="_blank" rel="noopener" className="font-medium text-brand-700 underline">
                {t('bookingTerms')}
              </a>
              {t('iAcceptAfter')}
            </span>
          </label>
          <FieldError message={accept.error} />
          <Button type="submit" variant="primary" disabled={!ticked || accept.isPending}>
            {t('acceptTheTerms')}
          </Button>
        </form>
      ) : null}
    </PageSection>
  );
}
