import { useEffect } from 'react';
import { Link, useLocation } from 'react-router';
import { paths } from '../../../shared/page-paths';
import { InvoiceSettingsForm } from './invoice-settings-form';
import { ReminderDaysForm } from './reminder-days-form';
import { TravelMarginForm } from './travel-margin-form';
import { ValiditySetting } from './voucher-validity-form';
import { ScriptTemplateForm } from './script-template-form';
import { useT, type KeyOf } from '../../lib/i18n';

/** The sections in page order: where each is (the other pages link to these anchors) and what its form is. */
const SECTIONS = [
  { id: 'travel-margin', label: 'travel.title', Form: TravelMarginForm },
  { id: 'reminder-days', label: 'reminders.title', Form: ReminderDaysForm },
  { id: 'invoice-settings', label: 'invoices.title', Form: InvoiceSettingsForm },
  { id: 'gift-voucher-validity', label: 'voucherValidity.title', Form: ValiditySetting },
  { id: 'game-script-template', label: 'scriptTemplate.title', Form: ScriptTemplateForm },
] as const satisfies readonly { id: string; label: KeyOf<'system'>; Form: () => unknown }[];

/**
 * /admin/settings: the install's settings in one place (issue 36, decision 0536), each form in its own section and
 * saved on its own, through the endpoint it always had. Users, Payments and Gift vouchers link here.
 */
export function SettingsPage() {
  const t = useT('system');
  const { hash } = useLocation();
  // A link to a section (e.g. the setup warning's, to Invoices) lands on it: the router does not scroll to anchors.
  useEffect(() => {
    if (hash) document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView({ block: 'start' });
  }, [hash]);
  return (
    <section className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold">{t('settings.title')}</h1>
        <p className="mt-1 text-slate-600">{t('settings.intro')}</p>
      </div>
      <nav aria-label={t('settings.sections')}>
        <ul className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
          {SECTIONS.map((s) => (
            <li key={s.id}>
              <a href={`#${s.id}`} className="font-medium text-brand-700 underline">
                {t(s.label)}
              </a>
            </li>
          ))}
          <li>
            <Link to={paths.admin.integrations} className="font-medium text-brand-700 underline">
              {t('settings.integrationsLink')}
            </Link>
          </li>
          <li>
            <Link to={paths.admin.privacy} className="font-medium text-brand-700 underline">
              {t('settings.privacyLink')}
            </Link>
          </li>
        </ul>
      </nav>
      {SECTIONS.map(({ id, Form }) => (
        <div key={id} id={id} className="scroll-mt-4">
          <Form />
        </div>
      ))}
    </section>
  );
}
