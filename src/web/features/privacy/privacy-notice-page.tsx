import { useQuery } from '@tanstack/react-query';
import { privacyQuery } from '../../lib/privacy-api';
import { errorMessage } from '../../lib/api-client';
import { Spinner } from '../../components/spinner';
import { ErrorState, Section } from '../../components/ui';

/**
 * /privacy: the privacy notice (issue 41), written from the install's settings, so what it says of how long things are
 * kept is what the retention job does (shared/privacy/retention.ts). The terms and waiver in force follow it.
 */
export function PrivacyNoticePage() {
  const query = useQuery(privacyQuery);
  if (query.isPending) return <Spinner label="Loading the privacy notice" />;
  if (query.isError) return <ErrorState message={errorMessage(query.error, 'The privacy notice could not be loaded')} />;
  const { notice, terms, waiver } = query.data;
  const contact = notice.contact_email ? (
    <>
      {notice.contact_name ? `${notice.contact_name}, ` : ''}
      <a href={`mailto:${notice.contact_email}`} className="font-medium text-brand-700 underline">
        {notice.contact_email}
      </a>
    </>
  ) : (
    'the organiser of your game, who passes your request to us'
  );
  return (
    <main className="mx-auto max-w-2xl space-y-6 px-4 py-8 text-slate-800">
      <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">Privacy notice</h1>
      <Section look="page" id="what" title="What we keep">
        <ul className="list-disc space-y-2 pl-5">
          <li>
            <strong>The booking</strong>: the booker&apos;s name, email, phone and company, the game&apos;s date and place, payments and invoices. Staff who run
            the games see it. Invoices and payments are kept as tax law requires, even after a request to erase.
          </li>
          <li>
            <strong>Enquiries that never became a booking</strong>: their contact details are erased {notice.lead_months} months after they were made.
          </li>
          <li>
            <strong>Players&apos; positions and tracks</strong> during the game: seen by the players&apos; teams as the game allows, the host and staff, and in
            the recap. Deleted {notice.positions_days} days after the game.
          </li>
          <li>
            <strong>Photos and videos</strong> sent as answers: seen by the host and staff, and, with the player&apos;s consent, on the big screen, the feed and
            the recap. Deleted {notice.media_days} days after the game.
          </li>
          <li>
            <strong>Players&apos; names</strong> and the waiver each player accepted, with their choice about photos and videos.
          </li>
        </ul>
      </Section>
      <Section look="page" id="rights" title="Your data on request">
        <p>You may ask for a copy of everything we hold about you, or for it to be erased (except what tax law makes us keep). Write to {contact}.</p>
      </Section>
      {terms ? (
        <Section look="page" id="terms" title={`Booking terms (version ${terms.version})`}>
          <p className="whitespace-pre-line">{terms.text}</p>
        </Section>
      ) : null}
      {waiver ? (
        <Section look="page" id="waiver" title={`Player waiver (version ${waiver.version})`}>
          <p className="whitespace-pre-line">{waiver.text}</p>
        </Section>
      ) : null}
    </main>
  );
}
