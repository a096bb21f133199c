import { Link } from 'react-router';
import { paths } from '../lib/paths';

/**
 * Where a setting went (issue 36, decision 0536): the pages that used to hold the install's settings say what moved
 * and link to its section of Settings.
 */
/** `lead` is the sentence up to the link ("The VAT rate is set in"), `label` the link's words ("Settings → Invoices"). */
export function SettingsLink({ lead, section, label }: { lead: string; section: string; label: string }) {
  return (
    <p className="rounded-md bg-slate-100 p-3 text-sm text-slate-700" data-testid="settings-link">
      {lead}{' '}
      <Link to={`${paths.admin.settings}#${section}`} className="font-semibold text-brand-700 underline">
        {label}
      </Link>
      .
    </p>
  );
}
