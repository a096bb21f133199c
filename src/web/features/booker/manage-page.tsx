import { useState } from 'react';
import { Link, useParams } from 'react-router';
import type { BookerBooking } from '../../../shared/api/booking';
import { joinLink } from '../../../shared/booking-links';
import { ORGANISER_STAGE_LABELS, organiserStage, type OrganiserStage } from '../../../shared/lifecycle/organiser-stage';
import { copyToClipboard } from '../../lib/clipboard';
import { paths } from '../../lib/paths';
import { Spinner } from '../../components/spinner';
import { ActivationSection } from './activation-section';
import { BookingSummary } from './booking-summary';
import { Badge, Button, Section, type BadgeTone } from '../../components/ui';
import { HatchView } from './hatch-page';
import { LoadFailed, PageFrame } from './booker-ui';
import { ChallengesSection } from './challenges-section';
import { ChickenSection } from './chicken-section';
import { ChickenLinkSection } from './chicken-link-section';
import { GameAreaSection } from './game-area-section';
import { LiveGameSection } from './live-game-section';
import { LocationsSection } from './locations-section';
import { TeamsSection } from './teams-section';
import { ShowcaseSection } from './showcase-section';
import { ScriptSection } from './script-section';
import { BriefingEditor } from '../../components/briefing-editor';
import { PaymentPanel } from '../../components/payment-panel';
import { DiscountCodeBox } from '../../components/discount-code-box';
import { redeemVoucher } from './booker-api';
import { InvoicesSection } from './invoices-section';
import { ConsentsSection } from './consents-section';
import { loadErrorText, useManagedBooking } from './use-booking';
import { useVoucherJustPaid, VoucherPaidNotice } from './voucher-payment';

const STAGE_TONES: Record<OrganiserStage, BadgeTone> = { setup: 'brand', activated: 'green', live: 'green', over: 'slate' };

/** The set-up checklist at the top: each part, whether it is done, a link to it. */
function SetupNav({ booking }: { booking: BookerBooking }) {
  const items = [
    { href: '#challenges', label: 'Challenges', done: booking.added_challenges.length > 0 },
    { href: '#locations', label: 'Locations', done: !!booking.meeting_point_address && !!booking.hiding_spot_address },
    { href: '#game-area', label: 'Game area', done: true },
    { href: '#teams', label: 'Teams', done: booking.teams_list.length > 0 },
    { href: '#chicken', label: 'Chicken', done: booking.assigned_chicken !== null },
    { href: '#activation', label: 'Activate', done: booking.game_activated },
  ];
  return (
    // The chips wrap onto a second line on a phone (issue 28: in one scrolling row, Chicken and Activate were off screen).
    <nav aria-label="Game set-up">
      <ol className="flex flex-wrap gap-2 pb-1">
        {items.map((item) => (
          <li key={item.href}>
            <a
              href={item.href}
              className={`inline-flex min-h-9 items-center gap-1 rounded-full border px-3 text-sm font-medium ${item.done ? 'border-green-300 bg-green-50 text-green-800' : 'border-slate-300 bg-white text-slate-700'}`}
            >
              <span aria-hidden="true">{item.done ? '✓' : '○'}</span> {item.label}
            </a>
          </li>
        ))}
      </ol>
    </nav>
  );
}

/** The game code and join link players need, with copy buttons: what the organiser shares. */
function ShareWithPlayers({ booking }: { booking: BookerBooking }) {
  // The one join link (issue 28), the mails' too: the player app, open on the join step for this game.
  const link = joinLink(window.location.origin, booking.code);
  return (
    <div className="space-y-2">
      <div className="flex flex-wrap items-center gap-2">
        <span className="text-slate-700">Game code</span>
        <strong className="rounded-lg bg-brand-100 px-3 py-1 font-mono text-lg tracking-wider" data-testid="game-code">
          {booking.code}
        </strong>
        <Button variant="secondary" size="lg" onClick={() => void copyToClipboard(booking.code)}>
          Copy
        </Button>
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <span className="text-slate-700">Players join at</span>
        <a href={paths.join(booking.code)} className="break-all font-medium text-brand-700 underline" data-testid="join-link">
          {link}
        </a>
        <Button variant="secondary" size="lg" onClick={() => void copyToClipboard(link)}>
          Copy join link
        </Button>
      </div>
      <p className="text-sm text-slate-600">
        Share the game code or the join link with your players. Keep this page&apos;s link to yourself: anyone with it can change your game.
      </p>
    </div>
  );
}

/** /manage/{manage_key}: a paid game, set up by its organiser with the private management link (decision 0140). */
export function ManagePage() {
  const { key = '' } = useParams();
  const { data: booking, isPending, error, replace } = useManagedBooking(key);
  // The voucher the hatch page has just paid with (the router's state), then any paid here.
  const voucherJustPaid = useVoucherJustPaid();
  const [voucherPaid, setVoucherPaid] = useState(voucherJustPaid);

  if (isPending)
    return (
      <PageFrame>
        <Spinner />
      </PageFrame>
    );
  if (error || !booking) return <LoadFailed message={loadErrorText(error)} />;
  // Not paid yet: the booking's own page, here with the key (the temp code alone reads less, decision 0526).
  if (booking.code_type === 'temp') return <HatchView booking={booking} replace={replace} />;
  const stage = organiserStage(booking.game);

  return (
    <PageFrame>
      <header className="space-y-3 px-1">
        <div className="flex flex-wrap items-center gap-2">
          <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">Your game</h1>
          <span data-testid="game-stage">
            <Badge tone={STAGE_TONES[stage]}>{ORGANISER_STAGE_LABELS[stage]}</Badge>
          </span>
        </div>
        <ShareWithPlayers booking={booking} />
        <SetupNav booking={booking} />
      </header>
      <LiveGameSection booking={booking} />
      {stage === 'live' || stage === 'over' ? (
        <p className="px-1" data-testid="results-link">
          <Link to={paths.manageResults(booking.manage_key)} className="font-semibold text-brand-700 underline">
            {stage === 'over' ? 'The game is over: see the results and photo album' : 'Results and photo album'}
          </Link>
          {stage === 'live' ? <span className="text-sm text-slate-600"> (ready when the game is over)</span> : null}
        </p>
      ) : null}

      <ShowcaseSection booking={booking} />
      {booking.game ? <BriefingEditor who={{ kind: 'organiser', code: booking.game.code, manageKey: booking.manage_key }} /> : null}

      <Section look="page" id="summary" title="Booking">
        <BookingSummary booking={booking} />
        {booking.assigned_host_name ? <p className="mt-2 text-sm text-slate-700">Your host: {booking.assigned_host_name}</p> : null}
      </Section>
      <Section look="page" id="pay" title="Payment">
        {voucherPaid ? <VoucherPaidNotice voucher={voucherPaid} /> : null}
        <PaymentPanel
          manageKey={booking.manage_key}
          revision={booking.version}
          whileDue={(payment) => (
            // After a deposit (or a voucher that did not cover it all), another voucher pays what is still due.
            <DiscountCodeBox
              applied={null}
              onApply={async (code) => {
                const { booking: after, voucher } = await redeemVoucher(booking, code);
                setVoucherPaid({ code: voucher.code, pays: voucher.paid, leftToPay: payment.due - voucher.paid, currency: voucher.currency, paid: true });
                replace(after);
              }}
            />
          )}
        />
      </Section>
      <ConsentsSection booking={booking} />
      <InvoicesSection booking={booking} />
      <ChallengesSection booking={booking} onSaved={replace} />
      <LocationsSection booking={booking} onSaved={replace} />
      <GameAreaSection booking={booking} onSaved={replace} />
      <TeamsSection booking={booking} onSaved={replace} />
      <ChickenSection booking={booking} onSaved={replace} />
      <ChickenLinkSection booking={booking} />
      <ScriptSection booking={booking} />
      <ActivationSection booking={booking} onSaved={replace} />
    </PageFrame>
  );
}
