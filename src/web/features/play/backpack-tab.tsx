import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { BackpackItem, BackpackResponse, UseResult } from '../../../shared/api/hunt';
import { ITEMS, PICKUP_RADIUS_M, type COMPASS_POINTS, type ItemKind } from '../../../shared/game/items';
import { distanceMetres, type LatLng } from '../../../shared/geo';
import { errorMessage } from '../../lib/api-client';
import { useMessageText, useT, type Translate } from '../../lib/i18n';
import { useReaderFormat } from '../../lib/reader-format';
import { useAction } from '../../lib/use-action';
import { Badge, Button, ErrorState, Select } from '../../components/ui';
import { Spinner } from '../../components/spinner';
import type { PublicGame } from '../../../shared/api/play';
import { fetchBackpack, huntKeys, pickUp, applyItem } from './hunt-api';
import { BlockedNote, useBlockText, useTeamBlock } from './team-block';

/** Each item's name and description in the play catalogue (the rules and numbers are shared/game/items.ts's). */
const ITEM_WORDS = {
  egg_strike: { name: 'itemEggStrike', description: 'itemEggStrikeText' },
  radar: { name: 'itemRadar', description: 'itemRadarText' },
  rusty_compass: { name: 'itemRustyCompass', description: 'itemRustyCompassText' },
  smoke_screen: { name: 'itemSmokeScreen', description: 'itemSmokeScreenText' },
} as const satisfies Record<ItemKind, { name: string; description: string }>;

/** An item's name in the reader's words. */
export const itemName = (kind: ItemKind, t: Translate<'play'>) => t(ITEM_WORDS[kind].name);

const COMPASS_WORDS = {
  N: 'compassN',
  NE: 'compassNE',
  E: 'compassE',
  SE: 'compassSE',
  S: 'compassS',
  SW: 'compassSW',
  W: 'compassW',
  NW: 'compassNW',
} as const satisfies Record<(typeof COMPASS_POINTS)[number], string>;

/** What an item's use answered, in words (and the compass as a needle). */
export function ResultText({ result }: { result: UseResult }) {
  const t = useT('play');
  const { clock } = useReaderFormat();
  switch (result.kind) {
    case 'radar':
      return <>📡 {t(result.within ? 'radarYes' : 'radarNo', { metres: result.range_m })}</>;
    case 'rusty_compass':
      return (
        <span className="inline-flex items-center gap-2">
          <span aria-hidden="true" className="inline-block text-2xl" style={{ transform: `rotate(${result.degrees}deg)` }}>
            ⬆️
          </span>
          {t('compassBefore')} <strong data-testid="compass-direction">{t(COMPASS_WORDS[result.direction])}</strong> {t('compassAfter')}
        </span>
      );
    case 'egg_strike':
      return result.hit ? (
        <>
          🥚{' '}
          {result.until ? t('strikeHitUntil', { team: result.target_team_name, time: clock(result.until) }) : t('strikeHit', { team: result.target_team_name })}
        </>
      ) : (
        <>🥚 {t(result.missed_because === 'shielded' ? 'strikeMissedShielded' : 'strikeMissedFrozen', { team: result.target_team_name })}</>
      );
    case 'smoke_screen':
      return <>💨 {t('smokeUntil', { time: clock(result.until) })}</>;
  }
}

function ItemRow({ item, data, onUse, busy }: { item: BackpackItem; data: BackpackResponse; onUse: (target?: number) => void; busy: boolean }) {
  const t = useT('play');
  const { clock } = useReaderFormat();
  const info = { needsTarget: ITEMS[item.kind].needsTarget, name: itemName(item.kind, t), description: t(ITEM_WORDS[item.kind].description) };
  const [target, setTarget] = useState<number | null>(data.targets[0]?.id ?? null);
  const recharging = item.ready_at !== null;
  return (
    <li className="space-y-2 px-3 py-2" data-testid="backpack-item" data-kind={item.kind}>
      <div className="flex items-center justify-between gap-2">
        <span className="font-semibold">{info.name}</span>
        {recharging && item.ready_at ? <Badge tone="amber">{t('readyAt', { time: clock(item.ready_at) })}</Badge> : null}
      </div>
      <p className="text-sm text-slate-600">{info.description}</p>
      <div className="flex gap-2">
        {info.needsTarget ? (
          <Select
            aria-label={t('itemTarget', { item: info.name })}
            value={target ?? ''}
            onChange={(e) => setTarget(Number(e.target.value) || null)}
            className="flex-1"
          >
            {data.targets.map((t) => (
              <option key={t.id} value={t.id}>
                {t.name}
              </option>
            ))}
          </Select>
        ) : null}
        <Button
          variant="primary"
          size="lg"
          disabled={busy || recharging || (info.needsTarget && target === null)}
          onClick={() => onUse(info.needsTarget ? (target ?? undefined) : undefined)}
        >
          {t('itemUse', { item: info.name })}
        </Button>
      </div>
    </li>
  );
}

/**
 * The team's Backpack (Weapons plan; decision 0241): effects on the team, its items (use them), the stations by
 * distance (pick up when in reach), and what the last uses answered. Refetched when the stream says it changed.
 */
export function BackpackTab({
  code,
  token,
  game,
  teamId,
  position,
}: {
  code: string;
  token: string;
  game: PublicGame;
  teamId: number;
  position: LatLng | null;
}) {
  const t = useT('play');
  const say = useMessageText();
  const { clock, integer } = useReaderFormat();
  const blockText = useBlockText();
  const useBlock = useTeamBlock(code, token, game, teamId, 'use_item');
  const pickupBlock = useTeamBlock(code, token, game, teamId, 'pick_up');
  // Distances move with the player: refresh now and then as well as on the stream's word.
  const backpack = useQuery({ queryKey: huntKeys.backpack(code), queryFn: () => fetchBackpack(code, token), refetchInterval: 15_000 });
  const [last, setLast] = useState<UseResult | null>(null);
  // The Backpack is read again after a use or a pick-up, refused ones too: a refusal often means it changed meanwhile.
  const use = useAction({
    call: ({ item, target }: { item: BackpackItem; target: number | undefined }) => applyItem(code, token, item.id, target),
    failure: ({ item }) => t('itemUseFailed', { item: itemName(item.kind, t) }),
    failureToast: 'server',
    invalidates: [huntKeys.backpack(code)],
    rereadOnFailure: 'always',
    onSuccess: ({ result }) => setLast(result),
  });
  const pickup = useAction({
    call: (stationId: number) => pickUp(code, token, stationId),
    success: ({ item }) => t('itemPickedUp', { item: itemName(item.kind, t) }),
    failure: t('pickUpFailed'),
    failureToast: 'server',
    invalidates: [huntKeys.backpack(code)],
    rereadOnFailure: 'always',
  });
  const busy = use.isPending || pickup.isPending;
  if (backpack.isPending) return <Spinner label={t('loading')} />;
  // Refetched every 15 s: one that failed (no signal) keeps the Backpack shown; only one never loaded is an error (0433).
  if (backpack.data === undefined)
    return (
      <ErrorState message={errorMessage(backpack.error, t('backpackLoadFailed'))} onRetry={() => void backpack.refetch()} retrying={backpack.isFetching} />
    );
  const data = backpack.data;
  if (data.weapons_off) return <p className="rounded-lg bg-slate-100 px-3 py-2 text-sm text-slate-700">{say(data.weapons_off)}.</p>;
  // Distances follow this phone's latest fix with the same rule the server applies, without asking it each time.
  const stations = data.stations
    .map((s) => {
      if (!position) return s;
      const distance = Math.round(distanceMetres(position, s));
      return { ...s, distance_m: distance, in_reach: distance <= PICKUP_RADIUS_M };
    })
    .sort((a, b) => (a.distance_m ?? Number.POSITIVE_INFINITY) - (b.distance_m ?? Number.POSITIVE_INFINITY) || a.id - b.id);
  const shielded = data.effects.find((e) => e.kind === 'shielded');
  return (
    <section aria-label={t('backpack')} className="space-y-3" data-testid="backpack">
      <BlockedNote block={useBlock} />
      {shielded ? <p className="rounded-lg bg-slate-100 px-3 py-2 text-sm">💨 {t('smokeScreenUntil', { time: clock(shielded.until) })}</p> : null}
      {last ? (
        <p className="rounded-lg bg-violet-50 px-3 py-2" data-testid="item-result" aria-live="polite">
          <ResultText result={last} />
        </p>
      ) : null}
      <div>
        <h3 className="mb-1 font-semibold">{t('backpackCount', { count: data.items.length, capacity: data.capacity })}</h3>
        {data.items.length ? (
          <ul className="divide-y divide-slate-100 rounded-xl border border-slate-200">
            {data.items.map((item) => (
              <ItemRow key={item.id} item={item} data={data} busy={busy || useBlock !== null} onUse={(target) => void use.run({ item, target })} />
            ))}
          </ul>
        ) : (
          <p className="text-sm text-slate-600">{t('backpackEmpty')}</p>
        )}
      </div>
      <div>
        <h3 className="mb-1 font-semibold">{t('itemStations')}</h3>
        {pickupBlock ? <p className="mb-1 text-sm text-sky-900">{blockText(pickupBlock)}</p> : null}
        {stations.length ? (
          <ul className="divide-y divide-slate-100 rounded-xl border border-slate-200" data-testid="stations">
            {stations.map((s) => (
              <li key={s.id} className="flex items-center justify-between gap-2 px-3 py-2" data-testid="station" data-name={s.label || itemName(s.kind, t)}>
                <span>
                  <span className="font-medium">{s.label || itemName(s.kind, t)}</span>
                  <span className="block text-sm text-slate-600">
                    {itemName(s.kind, t)} · {s.distance_m === null ? t('distanceUnknown') : t('metresAway', { metres: integer(s.distance_m) })}
                    {s.again_at ? ` · ${t('againAt', { time: clock(s.again_at) })}` : ''}
                  </span>
                </span>
                <Button
                  variant={s.in_reach ? 'primary' : 'secondary'}
                  size="lg"
                  disabled={busy || pickupBlock !== null || !s.in_reach || s.again_at !== null || data.items.length >= data.capacity}
                  onClick={() => void pickup.run(s.id)}
                >
                  {t('pickUp')}
                </Button>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-slate-600">{t('noStations')}</p>
        )}
      </div>
      {data.history.length ? (
        <div>
          <h3 className="mb-1 font-semibold">{t('itemsUsed')}</h3>
          <ul className="space-y-1 text-sm">
            {data.history.map((h) => (
              <li key={h.id}>
                <span className="text-slate-500">{clock(h.used_at)}</span> <ResultText result={h.result} />
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </section>
  );
}
