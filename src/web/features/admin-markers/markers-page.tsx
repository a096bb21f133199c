import { lazy, Suspense, useEffect, useState } from 'react';
import { formatGameDate } from '../../../shared/time';
import { useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import type { MarkerGame } from '../../../shared/api/markers';
import { ITEM_KINDS, ITEM_MESSAGES, ITEMS, PICKUP_RADIUS_M, type ItemKind } from '../../../shared/game/items';
import { PLANS } from '../../../shared/plans';
import { requestToasts } from '../../lib/toast';
import { useAction } from '../../lib/use-action';
import { Spinner } from '../../components/spinner';
import {
  Badge,
  Button,
  EmptyState,
  EmptyTableRow,
  ErrorState,
  Field,
  Input,
  Section,
  Select,
  Table,
  TableCell,
  TableHead,
  TableRow,
} from '../../components/ui';
import { deleteStation, fetchMarkerGames, fetchStations, markersKeys, moveStation, placeStation, setStationActive } from './markers-api';

const StationsMap = lazy(() => import('./stations-map'));
const planName = (type: MarkerGame['plan_type']) => PLANS.find((p) => p.type === type)?.name ?? type;

function GameStations({ gameId }: { gameId: number }) {
  const [kind, setKind] = useState<ItemKind>('radar');
  const [label, setLabel] = useState('');
  // A station picked with Move: the next click on the map moves it there instead of placing a new one.
  const [moving, setMoving] = useState<number | null>(null);
  const query = useQuery({ queryKey: markersKeys.stations(gameId), queryFn: () => fetchStations(gameId) });
  // A change moves this game's stations and the games list's counts: both are read again.
  const place = useAction({
    call: (at: { lat: number; lng: number }) => placeStation(gameId, { kind, label, ...at }),
    success: ({ station }) => `${ITEMS[station.kind].name} station placed`,
    failure: 'Failed to place the item station',
    failureToast: 'server',
    invalidates: [markersKeys.all],
    onSuccess: () => setLabel(''),
  });
  const move = useAction({
    call: ({ id, at }: { id: number; at: { lat: number; lng: number } }) => moveStation(id, at),
    success: ({ station }) => `${station.label || ITEMS[station.kind].name} moved`,
    failure: 'Failed to move the item station',
    failureToast: 'server',
    invalidates: [markersKeys.all],
    onSuccess: () => setMoving(null),
  });
  const remove = useAction({
    call: deleteStation,
    success: 'Item station deleted',
    failure: 'Failed to delete the item station',
    failureToast: 'server',
    invalidates: [markersKeys.all],
  });
  const toggle = useAction({
    call: ({ id, active }: { id: number; active: boolean }) => setStationActive(id, active),
    success: ({ station }) => (station.active ? 'Item station opened' : 'Item station closed'),
    failure: 'Failed to update the item station',
    failureToast: 'server',
    invalidates: [markersKeys.all],
  });

  if (query.isPending) return <Spinner />;
  if (query.isError) return <ErrorState message="Failed to load item stations" onRetry={() => void query.refetch()} retrying={query.isFetching} />;
  const { game, stations } = query.data;

  if (game.plan_type === 'standard') {
    return (
      <Section id="markers-standard" title={`Game ${game.code}`}>
        <p role="status" className="text-slate-700">
          {ITEM_MESSAGES.standardPlan}: this game is on the {planName(game.plan_type)} plan, so it has no item stations, Backpack or power-ups.
        </p>
      </Section>
    );
  }

  return (
    <div className="space-y-6">
      {!game.weapons_on ? (
        <p role="status" className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-amber-900">
          {ITEM_MESSAGES.weaponsOff}. Stations placed now start working once weapons are enabled on the booking.
        </p>
      ) : null}
      {!game.stations_edited && stations.length > 0 ? (
        <p role="status" className="rounded-lg border border-slate-200 bg-slate-50 p-3 text-slate-700" data-testid="default-stations">
          These are the game&apos;s default stations, spread inside the game area: they move with the area until you place, close or delete one.
        </p>
      ) : null}
      <Section
        id="markers-map"
        title={`Item stations · ${game.code}`}
        description={`Pick a kind, then click the map to place a station, or press Move on a station and click where it goes. Teams pick up within ${PICKUP_RADIUS_M} m.`}
      >
        <div className="mb-3 flex flex-wrap items-end gap-3">
          <Field label="Kind" id="station-kind">
            <Select value={kind} onChange={(e) => setKind(ITEM_KINDS.find((k) => k === e.target.value) ?? 'radar')} className="w-44">
              {ITEM_KINDS.map((k) => (
                <option key={k} value={k}>
                  {ITEMS[k].name}
                </option>
              ))}
            </Select>
          </Field>
          <Field label="Label (optional)" id="station-label">
            <Input value={label} maxLength={60} onChange={(e) => setLabel(e.target.value)} placeholder="e.g. By the fountain" className="w-56" />
          </Field>
          <p className="text-sm text-slate-600">{ITEMS[kind].description}</p>
        </div>
        <Suspense fallback={<Spinner />}>
          <StationsMap
            area={game.area}
            stations={stations}
            onPlace={
              place.isPending || move.isPending
                ? null
                : (lat, lng) => void (moving !== null ? move.run({ id: moving, at: { lat, lng } }) : place.run({ lat, lng }))
            }
          />
        </Suspense>
      </Section>
      <Section id="markers-list" title="Stations">
        <Table>
          <TableHead headers={['Kind', 'Label', 'Position', 'State', '']} />
          <tbody>
            {stations.length === 0 ? <EmptyTableRow columns={5}>No item stations yet: click the map to place one.</EmptyTableRow> : null}
            {stations.map((s) => (
              <TableRow key={s.id} data-testid="station-row">
                <TableCell>{ITEMS[s.kind].name}</TableCell>
                <TableCell>{s.label || '—'}</TableCell>
                <TableCell className="font-mono text-xs">
                  {s.lat.toFixed(5)}, {s.lng.toFixed(5)}
                </TableCell>
                <TableCell>
                  <Badge tone={s.active ? 'green' : 'slate'}>{s.active ? 'Open' : 'Closed'}</Badge>
                </TableCell>
                <TableCell className="space-x-2 whitespace-nowrap">
                  <Button
                    size="sm"
                    variant={moving === s.id ? 'primary' : 'secondary'}
                    aria-pressed={moving === s.id}
                    onClick={() => setMoving(moving === s.id ? null : s.id)}
                  >
                    {moving === s.id ? 'Click the map…' : 'Move'}
                  </Button>
                  <Button size="sm" disabled={toggle.isPending} onClick={() => void toggle.run({ id: s.id, active: !s.active })}>
                    {s.active ? 'Close' : 'Open'}
                  </Button>
                  <Button size="sm" variant="danger" disabled={remove.isPending} onClick={() => void remove.run(s.id)}>
                    Delete
                  </Button>
                </TableCell>
              </TableRow>
            ))}
          </tbody>
        </Table>
      </Section>
    </div>
  );
}

/** /admin/markers: item stations on the map of a Weapons or Bespoke game. */
export function MarkersPage() {
  useEffect(requestToasts, []);
  const [params, setParams] = useSearchParams();
  const games = useQuery({ queryKey: markersKeys.games, queryFn: fetchMarkerGames });
  const chosen = Number(params.get('game')) || null;
  return (
    <section>
      <h1 className="text-2xl font-bold">Markers</h1>
      <p className="mt-1 text-slate-600">Item stations where teams pick up power-ups (Weapons and Bespoke plans).</p>
      {games.isPending ? <Spinner /> : null}
      {games.isError ? <ErrorState message="Failed to load games" onRetry={() => void games.refetch()} retrying={games.isFetching} /> : null}
      {games.data && games.data.games.length === 0 ? (
        <div className="mt-4">
          <EmptyState>No games yet: a game is made when a booking is paid.</EmptyState>
        </div>
      ) : null}
      {games.data && games.data.games.length > 0 ? (
        <div className="mt-4 space-y-6">
          <Field label="Game" id="markers-game">
            <Select className="max-w-md" value={chosen ?? ''} onChange={(e) => setParams(e.target.value ? { game: e.target.value } : {})}>
              <option value="">Choose a game</option>
              {games.data.games.map((g) => (
                <option key={g.id} value={g.id}>
                  {g.code} · {g.booking_name ?? 'Unnamed'} · {formatGameDate(g.date)} · {planName(g.plan_type)}
                  {g.plan_type !== 'standard' ? ` · ${g.stations_count} stations` : ''}
                </option>
              ))}
            </Select>
          </Field>
          {chosen ? <GameStations gameId={chosen} /> : null}
        </div>
      ) : null}
    </section>
  );
}
