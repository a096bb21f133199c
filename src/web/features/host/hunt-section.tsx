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
  const toggle = useAction({
    call: (s: { id: number; active: boolean }) => api(huntEndpoints.stationUpdate, { params: { code, id: s.id }, body: { active: s.active } }),
    success: (_, s) => (s.active ? 'Station opened' : 'Station closed'),
    failure: 'Failed to update the item station',
    failureToast: 'server',
    invalidates: [huntKey(code)],
  });
  const remove = useAction({
    call: (id: number) => api(huntEndpoints.stationRemove, { params: { code, id } }),
    success: 'Station removed',
    failure: 'Failed to remove the item station',
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
          {s.active ? null : <Badge tone="slate">Closed</Badge>}
          <Button size="sm" disabled={busy} onClick={() => void toggle.run({ id: s.id, active: !s.active })}>
            {s.active ? 'Close' : 'Open'}
          </Button>
          <Button size="sm" variant="danger" disabled={busy} onClick={() => void remove.run(s.id)}>
            Remove
          </Button>
        </li>
      ))}
    </ul>
  );
}

export function HuntSection({ code, hunt }: { code: string; hunt: HuntConsoleResponse | null }) {
  if (!hunt) return null;
  const shrunk = hunt.latest_area.radius < hunt.booked_area.radius;
  return (
    <Section id="hunt" title="The hunt">
      <ul className="space-y-1 text-sm" data-testid="hunt-summary">
        <li data-testid="hunt-area">
          Game area: {hunt.latest_area.radius} m{shrunk ? ` (booked ${hunt.booked_area.radius} m)` : ''}, shrinking to {hunt.final_area.radius} m
          {hunt.next_shrink_at ? `; next step ${formatTimestamp(hunt.next_shrink_at)}` : ''}.
        </li>
        <li>{hunt.hiding_spot ? `The Chicken hid at ${formatTimestamp(hunt.hiding_spot.at)} (🪺 on the map).` : 'The Chicken has not hidden yet.'}</li>
        <li>
          {hunt.finds.length ? `Found by: ${hunt.finds.map((f) => `${f.team_name} (+${f.chicken_points})`).join(', ')}.` : 'No team has found the Chicken yet.'}
        </li>
        <li>{hunt.weapons_off ? `${hunt.weapons_off}.` : `${stationCountText(hunt.stations.length)} (🎒 on the map).`}</li>
      </ul>
      {!hunt.weapons_off && hunt.stations.length ? <StationList code={code} stations={hunt.stations} /> : null}
    </Section>
  );
}
