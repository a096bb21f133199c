import type { BookerBooking } from '../../../shared/api/booking';
import { useCopyToClipboard } from '../../lib/clipboard';
import { paths } from '../../lib/paths';
import { Button } from '../../components/ui';
import { PageSection } from './booker-ui';
import { useT } from '../../lib/i18n';

/**
 * The Chicken joins with a link of its own (a secret key, decision 0280). It sits in a section of its own, far from
 * the players' link and warned about, so it is not pasted into the players' group chat by mistake (decision 0280).
 */
export function ChickenLinkSection({ booking }: { booking: BookerBooking }) {
  const t = useT('booker');
  const copyToClipboard = useCopyToClipboard();
  if (!booking.game) return null;
  const path = paths.chicken(booking.code, booking.game.chicken_key);
  const link = `${window.location.origin}${path}`;
  return (
    <PageSection id="chicken-link" title={t('chickenLink')} description={t('chickenLinkHelp')}>
      <div className="space-y-3">
        <p className="rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-950" data-testid="chicken-link-warning">
          <strong>{t('doNotShare')}</strong>{' '}
          {booking.assigned_chicken_email ? t('chickenLinkWarningTo', { email: booking.assigned_chicken_email }) : t('chickenLinkWarning')}
        </p>
        <a href={path} className="block break-all font-medium text-brand-700 underline" data-testid="chicken-link">
          {link}
        </a>
        <Button variant="secondary" size="lg" onClick={() => void copyToClipboard(link, t('chickenLinkCopied'))}>
          {t('copyChickenLink')}
        </Button>
      </div>
    </PageSection>
  );
}
