import { useT } from '../../lib/i18n';

/** What to do when the browser refused location: asking again is not enough, the site's setting must change. */
export function LocationBlockedHelp({ button }: { button: string }) {
  const t = useT('play');
  return (
    <div role="alert" className="space-y-1 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900" data-testid="location-blocked">
      <p className="font-semibold">{t('locationBlocked')}</p>
      <p>{t('locationBlockedHelp', { button })}</p>
    </div>
  );
}
