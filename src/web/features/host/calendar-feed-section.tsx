import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { calendarFeedEndpoints as ep } from '../../../shared/api/endpoints/calendar-feed';
import { formatDateTimeMinutes } from '../../../shared/time';
import { api } from '../../lib/api-client';
import { useAction } from '../../lib/use-action';
import { useCopyToClipboard } from '../../lib/clipboard';
import { Button, Input, Section } from '../../components/ui';
import { useT } from '../../lib/i18n';

const feedKey = ['host', 'calendar-feed'] as const;
const hereZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/**
 * The host's (or admin's) private calendar feed of their games (issue 31, decision 0394): a secret URL their calendar
 * app subscribes to. The server keeps only a hash, so the URL shows once, right after it is made; after that the host
 * can make a new one (the old stops) or turn it off.
 */
export function CalendarFeedSection() {
  const t = useT('host');
  const copyToClipboard = useCopyToClipboard();
  const state = useQuery({ queryKey: feedKey, queryFn: () => api(ep.state).then((r) => r.feed), retry: false });
  const [url, setUrl] = useState<string | null>(null);
  const make = useAction({
    call: () => api(ep.make),
    success: t('feedReady'),
    failure: t('feedMakeFailed'),
    failureToast: 'server',
    invalidates: [feedKey],
    onSuccess: (result) => setUrl(result.feed.url),
  });
  const revoke = useAction({
    call: () => api(ep.revoke),
    success: t('feedTurnedOff'),
    failure: t('feedOffFailed'),
    failureToast: 'server',
    invalidates: [feedKey],
    onSuccess: () => setUrl(null),
  });
  const feed = state.data ?? null;
  const busy = make.isPending || revoke.isPending;
  return (
    <Section title={t('feedTitle')} id="calendar-feed" description={t('feedDescription')}>
      {url ? (
        <div className="mb-3 space-y-2" data-testid="calendar-feed-url">
          <label className="block text-sm font-medium text-slate-700" htmlFor="calendar-feed-address">
            {t('feedAddress')}
          </label>
          <div className="flex flex-wrap gap-2">
            <Input id="calendar-feed-address" readOnly value={url} onFocus={(e) => e.currentTarget.select()} className="min-w-0 flex-1" />
            <Button onClick={() => void copyToClipboard(url, t('copied'))}>{t('copy')}</Button>
          </div>
        </div>
      ) : null}
      {feed ? (
        <p className="mb-3 text-sm text-slate-700" data-testid="calendar-feed-on">
          {t('feedOnSince', { time: formatDateTimeMinutes(new Date(feed.created_at), hereZone()) })}
        </p>
      ) : (
        <p className="mb-3 text-sm text-slate-600">{t('noFeed')}</p>
      )}
      <div className="flex flex-wrap gap-2">
        <Button variant="primary" disabled={busy} onClick={() => void make.run()}>
          {feed ? t('feedNewAddress') : t('feedMake')}
        </Button>
        {feed ? (
          <Button variant="danger" disabled={busy} onClick={() => void revoke.run()}>
            {t('turnOff')}
          </Button>
        ) : null}
      </div>
      {feed ? <p className="mt-2 text-sm text-slate-600">{t('feedNewStopsOld')}</p> : null}
    </Section>
  );
}
