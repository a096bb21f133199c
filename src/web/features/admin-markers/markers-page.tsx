import { lazy, Suspense, useEffect, useState } from 'react';
import { formatGameDate } from '../../../shared/time';
import { useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import type { MarkerGame } from '../../../shared/api/markers';
import { ITEM_KINDS, ITEM_MESSAGES, PICKUP_RADIUS_M, type ItemKind } from '../../../shared/game/items';
import { planText } from '../../../shared/plans';
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
import { useLanguage, useMessageText, useT, type KeyOf, type Translate } from '../../lib/i18n';

const StationsMap = lazy(() => import('./stations-map'));

/** The power-ups' names and what each does, as the players' phones call them. */
const ITEM_NAME_KEYS = {
  egg_strike: 'markers.itemEggStrike',
  radar: 'markers.itemRadar',
  rusty_compass: 'markers.itemRustyCompass',
  smoke_screen: 'markers.itemSmokeScreen',
} as const satisfies Record<ItemKind, KeyOf<'content'>>;
const ITEM_TEXT_KEYS = {
  egg_strike: 'markers.itemEggStrikeText',
  radar: 'markers.itemRadarText',
  rusty_compass: 'markers.itemRustyCompassText',
  smoke_screen: 'markers.itemSmokeScreenText',
} as const satisfies Record<ItemKind, KeyOf<'content'>>;
const itemNameIn = (t: Translate<'content'>) => (kind: ItemKind) => t(ITEM_NAME_KEYS[kind]);

/** A plan's name as the reader's language writes it (shared/plans.ts). */
function usePlanName(): (type: MarkerGame['plan_type']) => string {
  const language = useLanguage();
  return (type) => planText(type, language).name;
}

function GameStations({ gameId }: { gameId: number }) {
  const t = useT('content');
  const say = useMessageText();
  const planName = usePlanName();
  const itemName = itemNameIn(t);
  const [kind, setKind] = useState<ItemKind>('radar');
  const [label, setLabel] = useState('');
  // A station picked with Move: the next click on the map moves it there instead of placing a new one.
  const [moving, setMoving] = useState<number | null>(null);
  const query = useQuery({ queryKey: markersKeys.stations(gameId), queryFn: () => fetchStations(gameId) });
  // A change moves this game's stations and the games list's counts: both are read again.
  const place = useAction({
    call: (at: { lat: number; lng: number }) => placeStation(gameId, { kind, label, ...at }),
    success: ({ station }) => t('markers.placed', { item: itemName(station.kind) }),
    failure: t('markers.placeFailed'),
    failureToast: 'server',
    invalidates: [markersKeys.all],
    onSuccess: () => setLabel(''),
  });
  const move = useAction({
    call: ({ id, at }: { id: number; at: { lat: number; lng: number } }) => moveStation(id, at),
    success: ({ station }) => t('markers.moved', { name: station.label || itemName(station.kind) }),
    failure: t('markers.moveFailed'),
    failureToast: 'server',
    invalidates: [markersKeys.all],
    onSuccess: () => setMoving(null),
  });
  const remove = useAction({
    call: deleteStation,
    success: t('markers.deleted'),
    failure: t('markers.deleteFailed'),
    failureToast: 'server',
    invalidates: [markersKeys.all],
  });
  const toggle = useAction({
    call: ({ id, active }: { id: number; active: boolean }) => setStationActive(id, active),
    success: ({ station }) => (station.active ? t('markers.opened') : t('markers.closed')),
    failure: t('markers.updateFailed'),
    failureToast: 'server',
    invalidates: [markersKeys.all],
  });

  if (query.isPending) return <Spinner />;
  if (query.isError) return <ErrorState message={t('markers.stationsFailed')} onRetry={() => void query.refetch()} retrying={query.isFetching} />;
  const { game, stations } = query.data;

  if (game.plan_type === 'standard') {
    return (
      <Section id="markers-standard" title={t('markers.gameTitle', { code: game.code })}>
        <p role="status" className="text-slate-700">
          {t('markers.standardPlan', { refusal: say(ITEM_MESSAGES.standardPlan), plan: planName(game.plan_type) })}
        </p>
      </Section>
    );
  }

  return (
    <div className="space-y-6">
      {!game.weapons_on ? (
        <p role="status" className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-amber-900">
          {t('markers.weaponsOff', { refusal: say(ITEM_MESSAGES.weaponsOff) })}
        </p>
      ) : null}
      {!game.stations_edited && stations.length > 0 ? (
        <p role="status" className="rounded-lg border border-slate-200 bg-slate-50 p-3 text-slate-700" data-testid="default-stations">
          {t('markers.defaultStations')}
        </p>
      ) : null}
      <Section id="markers-map" title={t('markers.mapTitle', { code: game.code })} description={t('markers.mapHelp', { metres: PICKUP_RADIUS_M })}>
        <div className="mb-3 flex flex-wrap items-end gap-3">
          <Field label={t('markers.kind')} id="station-kind">
            <Select value={kind} onChange={(e) => setKind(ITEM_KINDS.find((k) => k === e.target.value) ?? 'radar')} className="w-44">
              {ITEM_KINDS.map((k) => (
                <option key={k} value={k}>
                  {itemName(k)}
                </option>
              ))}
            </Select>
          </Field>
          <Field label={t('markers.label')} id="station-label">
            <Input value={label} maxLength={60} onChange={(e) => setLabel(e.target.value)} placeholder={t('markers.labelPlaceholder')} className="w-56" />
          </Field>
          <p className="text-sm text-slate-600">{t(ITEM_TEXT_KEYS[kind])}</p>
        </div>
        <Suspense fallback={<Spinner />}>
          <StationsMap
            area={game.area}
            stations={stations}
            itemName={itemName}
            onPlace={
              place.isPending || move.isPending
                ? null
                : (lat, lng) => void (moving !== null ? move.run({ id: moving, at: { lat, lng } }) : place.run({ lat, lng }))
            }
          />
        </Suspense>
      </Section>
      <Section id="markers-list" title={t('markers.listTitle')}>
        <Table>
          <TableHead headers={[t('markers.colKind'), t('markers.colLabel'), t('markers.colPosition'), t('markers.colState'), '']} />
          <tbody>
            {stations.length === 0 ? <EmptyTableRow columns={5}>{t('markers.empty')}</EmptyTableRow> : null}
            {stations.map((s) => (
              <TableRow key={s.id} data-testid="station-row">
                <TableCell>{itemName(s.kind)}</TableCell>
                <TableCell>{s.label || '—'}</TableCell>
                <TableCell className="font-mono text-xs">
                  {s.lat.toFixed(5)}, {s.lng.toFixed(5)}
                </TableCell>
                <TableCell>
                  <Badge tone={s.active ? 'green' : 'slate'}>{s.active ? t('markers.stateOpen') : t('markers.stateClosed')}</Badge>
                </TableCell>
                <TableCell className="space-x-2 whitespace-nowrap">
                  <Button
                    size="sm"
                    variant={moving === s.id ? 'primary' : 'secondary'}
                    aria-pressed={moving === s.id}
                    onClick={() => setMoving(moving === s.id ? null : s.id)}
                  >
                    {moving === s.id ? t('markers.clickMap') : t('markers.move')}
                  </Button>
                  <Button size="sm" disabled={toggle.isPending} onClick={() => void toggle.run({ id: s.id, active: !s.active })}>
                    {s.active ? t('markers.close') : t('markers.open')}
                  </Button>
                  <Button size="sm" variant="danger" disabled={remove.isPending} onClick={() => void remove.run(s.id)}>
                    {t('markers.delete')}
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
  const t = useT('content');
  const planName = usePlanName();
  useEffect(requestToasts, []);
  const [params, setParams] = useSearchParams();
  const games = useQuery({ queryKey: markersKeys.games, queryFn: fetchMarkerGames });
  const chosen = Number(params.get('game')) || null;
  return (
    <section>
      <h1 className="text-2xl font-bold">{t('markers.title')}</h1>
      <p className="mt-1 text-slate-600">{t('markers.intro')}</p>
      {games.isPending ? <Spinner /> : null}
      {games.isError ? <ErrorState message={t('markers.gamesFailed')} onRetry={() => void games.refetch()} retrying={games.isFetching} /> : null}
      {games.data && games.data.games.length === 0 ? (
        <div className="mt-4">
          <EmptyState>{t('markers.noGames')}</EmptyState>
        </div>
      ) : null}
      {games.data && games.data.games.length > 0 ? (
        <div className="mt-4 space-y-6">
          <Field label={t('markers.game')} id="markers-game">
            <Select className="max-w-md" value={chosen ?? ''} onChange={(e) => setParams(e.target.value ? { game: e.target.value } : {})}>
              <option value="">{t('markers.chooseGame')}</option>
              {games.data.games.map((g) => (
                <option key={g.id} value={g.id}>
                  {g.code} · {g.booking_name ?? t('markers.unnamed')} · {formatGameDate(g.date)} · {planName(g.plan_type)}
                  {g.plan_type !== 'standard' ? ` · ${t('markers.stationsCount', { count: g.stations_count })}` : ''}
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
