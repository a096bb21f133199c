import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { BackpackItem, BackpackResponse, UseResult } from '../../../shared/api/hunt';
import { ITEMS, PICKUP_RADIUS_M } from '../../../shared/game/items';
import { distanceMetres, type LatLng } from '../../../shared/geo';
import { errorMessage } from '../../lib/api-client';
import { useAction } from '../../lib/use-action';
import { Badge, Button, ErrorState, Select } from '../../components/ui';
import { Spinner } from '../../components/spinner';
import type { PublicGame } from '../../../shared/api/play';
import { clock, fetchBackpack, huntKeys, pickUp, applyItem } from './hunt-api';
import { BlockedNote, useTeamBlock } from './team-block';

/** What an item's use answered, in words (and the compass as a needle). */
export function ResultText({ result }: { result: UseResult }) {
  switch (result.kind) {
    case 'radar':
      return result.within ? <>📡 Yes: the Chicken is within {result.range_m} m of you.</> : <>📡 No: the Chicken is further than {result.range_m} m away.</>;
    case 'rusty_compass':
      return (
        <span className="inline-flex items-center gap-2">
          <span aria-hidden="true" className="inline-block text-2xl" style={{ transform: `rotate(${result.degrees}deg)` }}>
            ⬆️
          </span>
          The Chicken is roughly <strong data-testid="compass-direction">{result.direction}</strong> of you.
        </span>
      );
    case 'egg_strike':
      return result.hit ? (
        <>
          🥚 Hit! {result.target_team_name} is frozen{result.until ? ` until ${clock(result.until)}` : ''}.
        </>
      ) : (
        <>
          🥚 Missed {result.target_team_name}: {result.missed_because === 'shielded' ? 'a Smoke Screen shielded them' : 'they were frozen already'}.
        </>
      );
    case 'smoke_screen':
      return <>💨 Egg Strikes at your team miss until {clock(result.until)}.</>;
  }
}

function ItemRow({ item, data, onUse, busy }: { item: BackpackItem; data: BackpackResponse; onUse: (target?: number) => void; busy: boolean }) {
  const info = ITEMS[item.kind];
  const [target, setTarget] = useState<number | null>(data.targets[0]?.id ?? null);
  const recharging = item.ready_at !== null;
  return (
    <li className="space-y-2 px-3 py-2" data-testid="backpack-item" data-kind={item.kind}>
      <div className="flex items-center justify-between gap-2">
        <span className="font-semibold">{info.name}</span>
        {recharging && item.ready_at ? <Badge tone="amber">Ready at {clock(item.ready_at)}</Badge> : null}
      </div>
      <p className="text-sm text-slate-600">{info.description}</p>
      <div className="flex gap-2">
        {info.needsTarget ? (
          <Select
            aria-label={`Team to hit with ${info.name}`}
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
          Use {info.name}
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
  const useBlock = useTeamBlock(code, token, game, teamId, 'use_item');
  const pickupBlock = useTeamBlock(code, token, game, teamId, 'pick_up');
  // Distances move with the player: refresh now and then as well as on the stream's word.
  const backpack = useQuery({ queryKey: huntKeys.backpack(code), queryFn: () => fetchBackpack(code, token), refetchInterval: 15_000 });
  const [last, setLast] = useState<UseResult | null>(null);
  // The Backpack is read again after a use or a pick-up, refused ones too: a refusal often means it changed meanwhile.
  const use = useAction({
    call: ({ item, target }: { item: BackpackItem; target: number | undefined }) => applyItem(code, token, item.id, target),
    failure: ({ item }) => `Failed to use the ${ITEMS[item.kind].name}`,
    failureToast: 'server',
    invalidates: [huntKeys.backpack(code)],
    rereadOnFailure: 'always',
    onSuccess: ({ result }) => setLast(result),
  });
  const pickup = useAction({
    call: (stationId: number) => pickUp(code, token, stationId),
    success: ({ item }) => `${ITEMS[item.kind].name} is in your Backpack`,
    failure: 'Failed to pick up the item',
    failureToast: 'server',
    invalidates: [huntKeys.backpack(code)],
    rereadOnFailure: 'always',
  });
  const busy = use.isPending || pickup.isPending;
  if (backpack.isPending) return <Spinner />;
  // Refetched every 15 s: one that failed (no signal) keeps the Backpack shown; only one never loaded is an error (0433).
  if (backpack.data === undefined)
    return (
      <ErrorState
        message={errorMessage(backpack.error, 'Failed to load the Backpack.')}
        onRetry={() => void backpack.refetch()}
        retrying={backpack.isFetching}
      />
    );
  const data = backpack.data;
  if (data.weapons_off) return <p className="rounded-lg bg-slate-100 px-3 py-2 text-sm text-slate-700">{data.weapons_off}.</p>;
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
    <section aria-label="Backpack" className="space-y-3" data-testid="backpack">
      <BlockedNote block={useBlock} />
      {shielded ? <p className="rounded-lg bg-slate-100 px-3 py-2 text-sm">💨 Smoke Screen until {clock(shielded.until)}.</p> : null}
      {last ? (
        <p className="rounded-lg bg-violet-50 px-3 py-2" data-testid="item-result" aria-live="polite">
          <ResultText result={last} />
        </p>
      ) : null}
      <div>
        <h3 className="mb-1 font-semibold">
          Backpack ({data.items.length}/{data.capacity})
        </h3>
        {data.items.length ? (
          <ul className="divide-y divide-slate-100 rounded-xl border border-slate-200">
            {data.items.map((item) => (
              <ItemRow key={item.id} item={item} data={data} busy={busy || useBlock !== null} onUse={(target) => void use.run({ item, target })} />
            ))}
          </ul>
        ) : (
          <p className="text-sm text-slate-600">Empty. Walk to an item station to pick something up.</p>
        )}
      </div>
      <div>
        <h3 className="mb-1 font-semibold">Item stations</h3>
        {pickupBlock ? <p className="mb-1 text-sm text-sky-900">{pickupBlock.message}</p> : null}
        {stations.length ? (
          <ul className="divide-y divide-slate-100 rounded-xl border border-slate-200" data-testid="stations">
            {stations.map((s) => (
              <li key={s.id} className="flex items-center justify-between gap-2 px-3 py-2" data-testid="station" data-name={s.label || ITEMS[s.kind].name}>
                <span>
                  <span className="font-medium">{s.label || ITEMS[s.kind].name}</span>
                  <span className="block text-sm text-slate-600">
                    {ITEMS[s.kind].name} · {s.distance_m === null ? 'distance unknown' : `${s.distance_m} m away`}
                    {s.again_at ? ` · again at ${clock(s.again_at)}` : ''}
                  </span>
                </span>
                <Button
                  variant={s.in_reach ? 'primary' : 'secondary'}
                  size="lg"
                  disabled={busy || pickupBlock !== null || !s.in_reach || s.again_at !== null || data.items.length >= data.capacity}
                  onClick={() => void pickup.run(s.id)}
                >
                  Pick up
                </Button>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-slate-600">No item stations in this game.</p>
        )}
      </div>
      {data.history.length ? (
        <div>
          <h3 className="mb-1 font-semibold">Used</h3>
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
