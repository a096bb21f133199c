import { Link } from 'react-router';
import { paths } from '../../../shared/page-paths';
import { ApiKeysSection } from './api-keys-section';
import { WebhooksSection } from './webhooks-section';
import { useT } from '../../lib/i18n';

/**
 * Settings → Integrations (issue 39, decision 0560): API keys for the outside API and webhook endpoints with their
 * delivery logs, test events and replays. Secrets are shown once, when made.
 */
export function IntegrationsPage() {
  const t = useT('system');
  return (
    <section className="space-y-6">
      <div>
        <p className="text-sm">
          <Link to={paths.admin.settings} className="font-medium text-brand-700 underline">
            {t('integrations.settings')}
          </Link>{' '}
          {t('integrations.breadcrumb')}
        </p>
        <h1 className="text-2xl font-bold">{t('integrations.title')}</h1>
        <p className="mt-1 text-slate-600">{t('integrations.intro')}</p>
      </div>
      <ApiKeysSection />
      <WebhooksSection />
    </section>
  );
}
