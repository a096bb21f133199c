import { useState } from 'react';
import { Link, useParams } from 'react-router';
import type { BookerBooking } from '../../../shared/api/booking';
import { joinLink } from '../../../shared/booking-links';
import { organiserStage, type OrganiserStage } from '../../../shared/lifecycle/organiser-stage';
import { useAreas, useT, type KeyOf } from '../../lib/i18n';
import { useCopyToClipboard } from '../../lib/clipboard';
import { paths } from '../../lib/paths';
import { ActivationSection } from './activation-section';
import { BookingSummary } from './booking-summary';
import { Badge, Button, type BadgeTone } from '../../components/ui';
import { HatchView } from './hatch-page';
import { LoadFailed, PageFrame, PageSection, PageLoading } from './booker-ui';
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
import { useManagedBooking } from './use-booking';
import { useVoucherJustPaid, VoucherPaidNotice } from './voucher-payment';

const STAGE_TONES: Record<OrganiserStage, BadgeTone> = { setup: 'brand', activated: 'green', live: 'green', over: 'slate' };
/** The stage's words (shared/lifecycle/organiser-stage.ts's labels, in the reader's language). */
const STAGE_KEYS: Record<OrganiserStage, KeyOf<'booker'>> = { setup: 'stageSetup', activated: 'stageActivated', live: 'stageLive', over: 'stageOver' };

/** The set-up checklist at the top: each part, whether it is done, a link to it. */
function SetupNav({ booking }: { booking: BookerBooking }) {
  const t = useT('booker');
  const items = [
    { href: '#challenges', label: t('navChallenges'), done: booking.added_challenges.length > 0 },
    { href: '#locations', label: t('navLocations'), done: !!booking.meeting_point_address && !!booking.hiding_spot_address },
    { href: '#game-area', label: t('navGameArea'), done: true },
    { href: '#teams', label: t('navTeams'), done: booking.teams_list.length > 0 },
    { href: '#chicken', label: t('navChicken'), done: booking.assigned_chicken !== null },
    { href: '#activation', label: t('navActivate'), done: booking.game_activated },
  ];
  return (
    // The chips wrap onto a second line on a phone (issue 28: in one scrolling row, Chicken and Activate were off screen).
    <nav aria-label={t('gameSetUp')}>
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
  const t = useT('booker');
  const copyToClipboard = useCopyToClipboard();
  // The one join link (issue 28), the mails' too: the player app, open on the join step for this game.
  const link = joinLink(window.location.origin, booking.code);
  return (
    <div className="space-y-2">
      <div className="flex flex-wrap items-center gap-2">
        <span className="text-slate-700">{t('gameCodeLabel')}</span>
        <strong className="rounded-lg bg-brand-100 px-3 py-1 font-mono text-lg tracking-wider" data-testid="game-code">
          {booking.code}
        </strong>
        <Button variant="secondary" size="lg" onClick={() => void copyToClipboard(booking.code)}>
          {t('copy')}
        </Button>
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <span className="text-slate-700">{t('playersJoinAt')}</span>
        <a href={paths.join(booking.code)} className="break-all font-medium text-brand-700 underline" data-testid="join-link">
          {link}
        </a>
        <Button variant="secondary" size="lg" onClick={() => void copyToClipboard(link)}>
          {t('copyJoinLink')}
        </Button>
      </div>
      <p className="text-sm text-slate-600">{t('shareHelp')}</p>
    </div>
  );
}

/** /manage/{manage_key}: a paid game, set up by its organiser with the private management link (decision 0140). */
export function ManagePage() {
  // The booker's areas and the shared parts' (payment, invoices, dialogs; the script, the briefing and the live game's
  // teams, whose words are the content area's), in before the page shows.
  useAreas('booker', 'common', 'content');
  const { key = '' } = useParams();
  const { data: booking, isPending, error, replace } = useManagedBooking(key);
  // The voucher the hatch page has just paid with (the router's state), then any paid here.
  const voucherJustPaid = useVoucherJustPaid();
  const [voucherPaid, setVoucherPaid] = useState(voucherJustPaid);
  const t = useT('booker');

  if (isPending) return <PageLoading />;
  if (error || !booking) return <LoadFailed error={error} />;
  // Not paid yet: the booking's own page, here with the key (the temp code alone reads less, decision 0526).
  if (booking.code_type === 'temp') return <HatchView booking={booking} replace={replace} />;
  const stage = organiserStage(booking.game);

  return (
    <PageFrame>
      <header className="space-y-3 px-1">
        <div className="flex flex-wrap items-center gap-2">
          <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">{t('yourGame')}</h1>
          <span data-testid="game-stage">
            <Badge tone={STAGE_TONES[stage]}>{t(STAGE_KEYS[stage])}</Badge>
          </span>
        </div>
        <ShareWithPlayers booking={booking} />
        <SetupNav booking={booking} />
      </header>
      <LiveGameSection booking={booking} />
      {stage === 'live' || stage === 'over' ? (
        <p className="px-1" data-testid="results-link">
          <Link to={paths.manageResults(booking.manage_key)} className="font-semibold text-brand-700 underline">
            {stage === 'over' ? t('resultsOver') : t('resultsLive')}
          </Link>
          {stage === 'live' ? <span className="text-sm text-slate-600"> {t('resultsReadyLater')}</span> : null}
        </p>
      ) : null}

      <ShowcaseSection booking={booking} />
      {booking.game ? <BriefingEditor who={{ kind: 'organiser', code: booking.game.code, manageKey: booking.manage_key }} /> : null}

      <PageSection id="summary" title={t('booking')}>
        <BookingSummary booking={booking} />
        {booking.assigned_host_name ? <p className="mt-2 text-sm text-slate-700">{t('yourHost', { name: booking.assigned_host_name })}</p> : null}
      </PageSection>
      <PageSection id="pay" title={t('payment')}>
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
      </PageSection>
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
