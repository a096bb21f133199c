import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import type { MapPlayer, MapResponse } from '../../../shared/api/play';
import type { MapStation } from '../../components/live-map/live-map';
import { useT } from '../../lib/i18n';
import { AreaWarning } from './area-warning';
import { BackpackTab, itemName } from './backpack-tab';
import { ChickenPanel } from './chicken-panel';
import { FoundChicken } from './found-chicken';
import { fetchBackpack, huntKeys, weaponsOn } from './hunt-api';
import { playKeys } from './play-api';

type Props = { code: string; token: string; snapshot: MapResponse; me: MapPlayer };

/** The item stations for the player's map, from the Backpack call (the same query the Backpack panel keeps). */
export function useStationMarkers(code: string, token: string, enabled: boolean): MapStation[] {
  const t = useT('play');
  const backpack = useQuery({ queryKey: huntKeys.backpack(code), queryFn: () => fetchBackpack(code, token), enabled, refetchInterval: 15_000 });
  if (!enabled || !backpack.data) return [];
  return backpack.data.stations.map((s) => ({ id: s.id, label: s.label, name: itemName(s.kind, t), lat: s.lat, lng: s.lng, active: true }));
}

/**
 * The hunt on the player's live screen (decisions 0241, 0280): the outside-the-area warning; for the Chicken its
 * found-code screen; for a team "Found the Chicken" and, on a Weapons game, the Backpack.
 */
export function HuntPanel({ code, token, snapshot, me }: Props) {
  const queryClient = useQueryClient();
  const [search] = useSearchParams();
  const team = snapshot.teams.find((t) => t.id === me.team_id) ?? null;
  return (
    <div className="space-y-3">
      <AreaWarning me={me} area={snapshot.game.area} />
      {me.role === 'chicken' ? (
        <ChickenPanel code={code} token={token} hasPosition={me.position !== null} />
      ) : team ? (
        <>
          <FoundChicken
            code={code}
            token={token}
            game={snapshot.game}
            teamId={team.id}
            found={team.found_chicken_at !== null}
            initialCode={search.get('found')}
            locationOn={me.location === 'granted'}
            onFound={() => void queryClient.invalidateQueries({ queryKey: playKeys.map(code) })}
          />
          {weaponsOn(snapshot.game) ? <BackpackTab code={code} token={token} game={snapshot.game} teamId={team.id} position={me.position} /> : null}
        </>
      ) : null}
    </div>
  );
}
