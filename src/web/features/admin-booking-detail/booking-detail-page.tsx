import { useEffect } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Spinner } from '../../components/spinner';
import { ApiError, retryUnlessRefused } from '../../lib/api-client';
import { useCopyToClipboard } from '../../lib/clipboard';
import { paths } from '../../lib/paths';
import { notifyError } from '../../lib/toast';
import { bookingQuery } from './detail-api';
import { Button } from '../../components/ui';
import { BasicInformationSection } from './basic-information-section';
import { GameSetupSection } from './game-setup-section';
import { LocationsSection } from './locations-section';
import { LeadStatusSection } from './lead-status-section';
import { NotesSection } from './notes-section';
import { TeamsSection } from './teams-section';
import { PaymentsSection } from './payments-section';
import { InvoicesSection } from './invoices-section';
import { TrackingSection } from './tracking-section';
import { PlanPricingSection } from './plan-pricing-section';
import { HostSection } from './host-section';
import { AllFieldsSection } from './all-fields-section';
import { BalanceOverdueBadge, TimelineSection } from './timeline-section';
import { FeedbackSection } from './feedback-section';
import { ConsentsSection } from './consents-section';
import { BriefingEditor } from '../../components/briefing-editor';
import { useT } from '../../lib/i18n';

/** /admin/bookings/{id}: everything staff see and control of one booking. */
export function BookingDetailPage() {
  const t = useT('admin');
  const copyToClipboard = useCopyToClipboard();
  const params = useParams();
  const id = Number(params.id);
  const validId = Number.isInteger(id) && id > 0;
  const navigate = useNavigate();
  const location = useLocation();
  const query = useQuery({
    ...bookingQuery(id),
    enabled: validId,
    retry: retryUnlessRefused(1),
  });
  const notFound = !validId || (query.error instanceof ApiError && query.error.status === 404);
  const loadFailed = query.isError && !notFound;

  const loadFailedText = t('detail.loadFailed');
  useEffect(() => {
    if (loadFailed) notifyError(loadFailedText);
  }, [loadFailed, loadFailedText]);

  // 'default' is the key of the first entry of this tab: with no history, go to the list.
  const goBack = () => (location.key !== 'default' ? navigate(-1) : navigate(paths.admin.bookings));
  const back = <Button onClick={() => void goBack()}>{t('detail.back')}</Button>;

  if (notFound) {
    return (
      <div className="space-y-4">
        {back}
        <h1 className="text-2xl font-bold">{t('detail.notFound')}</h1>
      </div>
    );
  }
  if (query.isPending) return <Spinner />;
  if (query.isError) {
    return (
      <div className="space-y-4">
        {back}
        <p className="text-red-700">{t('detail.loadFailed')}</p>
        <Button onClick={() => void query.refetch()}>{t('detail.tryAgain')}</Button>
      </div>
    );
  }

  const booking = query.data;
  const href = booking.code_type === 'game' ? paths.booking(booking.code) : paths.hatch(booking.temp_code);
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center gap-4">
        {back}
        <h1 className="text-2xl font-bold">
          <Link to={href} className="font-mono text-brand-700 underline" title={booking.code_type === 'game' ? t('detail.gameCode') : t('detail.tempCode')}>
            {booking.code}
          </Link>
        </h1>
        <span className="text-sm text-slate-500">{booking.code_type === 'game' ? t('detail.gameCode') : t('detail.tempCode')}</span>
        <BalanceOverdueBadge booking={booking} />
        {/* The organiser's private link (decision 0140): staff can give it again, e.g. when the mail got lost. */}
        <Button
          title={paths.manage(booking.manage_key)}
          onClick={() => void copyToClipboard(`${window.location.origin}${paths.manage(booking.manage_key)}`, t('detail.manageLinkCopied'))}
        >
          {t('detail.copyManageLink')}
        </Button>
      </div>
      <div className="grid gap-6 xl:grid-cols-2">
        <BasicInformationSection booking={booking} />
        <GameSetupSection booking={booking} />
        <LocationsSection booking={booking} />
        <LeadStatusSection booking={booking} />
        <NotesSection booking={booking} />
        <TeamsSection booking={booking} />
        <PaymentsSection booking={booking} />
        <InvoicesSection booking={booking} />
        <TrackingSection booking={booking} />
        <PlanPricingSection booking={booking} />
        {booking.hosted || booking.game ? <HostSection booking={booking} /> : null}
        <FeedbackSection booking={booking} />
        <ConsentsSection booking={booking} />
        {booking.game ? <BriefingEditor who={{ kind: 'staff', code: booking.game.code }} /> : null}
      </div>
      <TimelineSection booking={booking} />
      <AllFieldsSection booking={booking} />
    </div>
  );
}
