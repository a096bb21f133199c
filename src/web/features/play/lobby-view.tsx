import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { changeTeamBody, type LobbyTeam, type MapPlayer, type PlayGameResponse } from '../../../shared/api/play';
import { TEAM_NAME_MAX } from '../../../shared/game/teams';
import { firstErrorMessage } from '../../lib/form-errors';
import { useAction } from '../../lib/use-action';
import { Badge, Button, Field, FieldError, Input, Select } from '../../components/ui';
import { useMessageText, useT } from '../../lib/i18n';
import { LocationPrompt } from './location-prompt';
import { ChickenBriefing } from './chicken-briefing';
import { LobbyInfo } from './lobby-info';
import { changeTeam, updateMe } from './play-api';

/** "Or create a team": the change-team call's by-name body. */
const newTeamForm = changeTeamBody.options[1];
type NewTeamForm = z.input<typeof newTeamForm>;

/** What a player changes in the lobby: their team (an existing one or a new one by name), or their own state. */
type LobbyChange = { team: Parameters<typeof changeTeam>[2] } | { me: Parameters<typeof updateMe>[2] };

type Props = {
  code: string;
  token: string;
  me: MapPlayer;
  /** The lobby's teams with their seats (from the public game call). */
  teams: LobbyTeam[];
  teammates: MapPlayer[];
  /** The public game call's answer: the meeting point, the start and its zone. */
  info: PlayGameResponse | undefined;
  onChanged: () => void;
};

/**
 * Before the start: where and when to meet and the rules (the Chicken: its hiding spot and what it does), your team
 * (change it while seats are free), your location choice, and Ready.
 */
export function LobbyView({ code, token, me, teams, teammates, info, onChanged }: Props) {
  const t = useT('play');
  const say = useMessageText();
  // The new team's name refused by its rule; a refused call is said by the action's own error line.
  const [invalid, setInvalid] = useState<string | null>(null);
  const form = useForm<NewTeamForm, unknown, z.output<typeof newTeamForm>>({ resolver: zodResolver(newTeamForm), defaultValues: { team_name: '' } });
  const newTeam = useWatch({ control: form.control, name: 'team_name' });
  // One change at a time, said beside the buttons (no toast on a phone in a crowd): the lobby is read again after each.
  const change = useAction({
    call: (what: LobbyChange) => ('team' in what ? changeTeam(code, token, what.team) : updateMe(code, token, what.me)),
    failure: t('somethingWrong'),
    failureToast: 'none',
    onSuccess: (_, what) => {
      if ('team' in what && 'team_name' in what.team) form.reset({ team_name: '' });
      onChanged();
    },
  });
  const run = (what: LobbyChange) => {
    setInvalid(null);
    void change.run(what);
  };
  const busy = change.isPending;
  const error = invalid ?? change.error;
  const myTeam = teams.find((team) => team.id === me.team_id) ?? null;
  const chicken = me.role === 'chicken';

  return (
    <div className="space-y-5">
      {chicken ? <ChickenBriefing code={code} token={token} info={info} /> : info ? <LobbyInfo info={info} /> : null}
      {chicken ? null : (
        <section className="space-y-3 rounded-xl border border-slate-200 p-4" aria-label={t('lobbyYourTeam')}>
          <p>
            {t('lobbyYourTeamIs')} <strong data-testid="my-team">{myTeam?.name ?? t('lobbyNoTeam')}</strong>
          </p>
          {teammates.length ? (
            <ul className="flex flex-wrap gap-2" aria-label={t('lobbyTeammates')}>
              {teammates.map((p) => (
                <li key={p.id}>
                  <Badge tone={p.ready ? 'green' : 'slate'}>
                    {p.name}
                    {p.ready ? ' ✓' : ''}
                  </Badge>
                </li>
              ))}
            </ul>
          ) : null}
          <Field label={t('lobbySwitchTeam')}>
            <Select value={me.team_id ?? ''} disabled={busy} onChange={(e) => run({ team: { team_id: Number(e.target.value) } })}>
              {teams.map((team) => (
                <option key={team.id} value={team.id} disabled={team.full && team.id !== me.team_id}>
                  {team.name}{' '}
                  {team.full && team.id !== me.team_id ? t('lobbyTeamFull') : t('lobbyTeamSeats', { players: team.players, capacity: team.capacity })}
                </option>
              ))}
            </Select>
          </Field>
          <form
            className="flex items-end gap-2"
            onSubmit={(e) =>
              void form.handleSubmit(
                (body) => run({ team: body }),
                (errors) => {
                  const first = firstErrorMessage(errors);
                  setInvalid(first ? say(first) : null);
                },
              )(e)
            }
          >
            <Field label={t('lobbyCreateTeam')} className="flex-1">
              <Input maxLength={TEAM_NAME_MAX} {...form.register('team_name')} />
            </Field>
            <Button type="submit" disabled={busy || !newTeam.trim()}>
              {t('lobbyCreate')}
            </Button>
          </form>
        </section>
      )}
      <LocationPrompt location={me.location} chicken={chicken} onAnswer={(location) => run({ me: { location } })} />
      <FieldError message={error} />
      <div className="space-y-2 text-center">
        <Button variant={me.ready ? 'secondary' : 'primary'} size="lg" className="w-full" disabled={busy} onClick={() => run({ me: { ready: !me.ready } })}>
          {me.ready ? t('lobbyNotReady') : t('lobbyReady')}
        </Button>
        <p className="text-slate-600" data-testid="lobby-status">
          {me.ready ? t('lobbyWaitingHost') : chicken ? t('lobbyTapReadyChicken') : t('lobbyTapReady')}
        </p>
      </div>
    </div>
  );
}
