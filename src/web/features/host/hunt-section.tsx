import { useEffect } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { huntEndpoints } from '../../../shared/api/endpoints/hunt';
import type { HuntConsoleResponse } from '../../../shared/api/hunt';
import { ITEMS } from '../../../shared/game/items';
import { stationCountText } from '../../../shared/game/station-layout';
import { formatTimestamp } from '../../../shared/time';
import { api } from '../../lib/api-client';
import type { MapStation } from '../../components/live-map/live-map';
import { Badge, Button, Section } from '../../components/ui';
import { useAction } from '../../lib/use-action';
import { useT } from '../../lib/i18n';

const huntKey = (code: string) => ['host', 'hunt', code.toUpperCase()] as const;

/**
 * The hunt as the host sees it (decisions 0241, 0280): the area as booked and as it shrinks, the item stations, the
 * hiding spot and the finds. Refetched when the console's area or scores move, and now and then.
 */
export function useHuntConsole(code: string, changeKey: string) {
  const queryClient = useQueryClient();
  const hunt = useQuery({ queryKey: huntKey(code), queryFn: () => api(huntEndpoints.console, { params: { code } }), refetchInterval: 20_000 });
  useEffect(() => {
    void queryClient.invalidateQueries({ queryKey: huntKey(code) });
  }, [changeKey, code, queryClient]);
  return hunt.data ?? null;
}

export function stationMarkers(hunt: HuntConsoleResponse | null): MapStation[] {
  return (hunt?.stations ?? []).map((s) => ({ id: s.id, label: s.label, name: ITEMS[s.kind].name, lat: s.lat, lng: s.lng, active: s.active }));
}

/** The host closes (or opens) a station or removes it on the day; staff move or add them on /admin/markers. */
function StationList({ code, stations }: { code: string; stations: HuntConsoleResponse['stations'] }) {
  const t = useT('host');
  const toggle = useAction({
    call: (s: { id: number; active: boolean }) => api(huntEndpoints.stationUpdate, { params: { code, id: s.id }, body: { active: s.active } }),
    success: (_, s) => (s.active ? t('stationOpened') : t('stationClosed')),
    failure: t('stationUpdateFailed'),
    failureToast: 'server',
    invalidates: [huntKey(code)],
  });
  const remove = useAction({
    call: (id: number) => api(huntEndpoints.stationRemove, { params: { code, id } }),
    success: t('stationRemoved'),
    failure: t('stationRemoveFailed'),
    failureToast: 'server',
    invalidates: [huntKey(code)],
  });
  const busy = toggle.isPending || remove.isPending;
  return (
    <ul className="mt-2 divide-y divide-slate-100 rounded-xl border border-slate-200 text-sm" data-testid="host-stations">
      {stations.map((s) => (
        <li key={s.id} className="flex flex-wrap items-center gap-2 px-3 py-2" data-testid="host-station" data-name={s.label || ITEMS[s.kind].name}>
          <span className="flex-1">
            <span className="font-medium">{s.label || ITEMS[s.kind].name}</span> · {ITEMS[s.kind].name}
          </span>
          {s.active ? null : <Badge tone="slate">{t('closed')}</Badge>}
          <Button size="sm" disabled={busy} onClick={() => void toggle.run({ id: s.id, active: !s.active })}>
            {s.active ? t('close') : t('open')}
          </Button>
          <Button size="sm" variant="danger" disabled={busy} onClick={() => void remove.run(s.id)}>
            {t('remove')}
          </Button>
        </li>
      ))}
    </ul>
  );
}

export function HuntSection({ code, hunt }: { code: string; hunt: HuntConsoleResponse | null }) {
  const t = useT('host');
  if (!hunt) return null;
  const shrunk = hunt.latest_area.radius < hunt.booked_area.radius;
  return (
    <Section id="hunt" title={t('huntTitle')}>
      <ul className="space-y-1 text-sm" data-testid="hunt-summary">
        <li data-testid="hunt-area">
          {shrunk
            ? t('huntAreaShrunk', { radius: String(hunt.latest_area.radius), booked: String(hunt.booked_area.radius), final: String(hunt.final_area.radius) })
            : t('huntArea', { radius: String(hunt.latest_area.radius), final: String(hunt.final_area.radius) })}
          {hunt.next_shrink_at ? t('huntNextStep', { time: formatTimestamp(hunt.next_shrink_at) }) : ''}.
        </li>
        <li>{hunt.hiding_spot ? t('chickenHid', { time: formatTimestamp(hunt.hiding_spot.at) }) : t('chickenNotHidden')}</li>
        <li>{hunt.finds.length ? t('foundBy', { teams: hunt.finds.map((f) => `${f.team_name} (+${f.chicken_points})`).join(', ') }) : t('notFoundYet')}</li>
        <li>{hunt.weapons_off ? `${hunt.weapons_off}.` : t('stationsOnMap', { stations: stationCountText(hunt.stations.length) })}</li>
      </ul>
      {!hunt.weapons_off && hunt.stations.length ? <StationList code={code} stations={hunt.stations} /> : null}
    </Section>
  );
}
