import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { fetchInvoiceSettings, invoiceKeys } from '../../lib/invoices-api';
import { paths } from '../../lib/paths';
import { useT } from '../../lib/i18n';

/**
 * What a fresh install still needs before it can take money properly (issue 35): until the seller's name and address
 * are saved no invoice is issued (decision 0510), so every admin page says so, with the way to Settings → Invoices.
 * Silent while loading or if the settings cannot be read: the page itself must still work.
 */
export function SetupWarning() {
  const t = useT('staff');
  const settings = useQuery({ queryKey: invoiceKeys.settings, queryFn: fetchInvoiceSettings, retry: false });
  if (!settings.data || settings.data.ready) return null;
  const waiting = settings.data.waiting;
  return (
    <div role="status" data-testid="setup-warning" className="mb-4 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
      <p className="font-semibold">{t('setupTitle')}</p>
      <p>
        {t('setupBody')}
        {waiting > 0 ? ` ${t('setupWaiting', { count: waiting })}` : ''}
      </p>
      <Link to={`${paths.admin.settings}#invoice-settings`} className="font-semibold underline">
        {t('setupLink')}
      </Link>
    </div>
  );
}
