import { useId, useState, type FormEvent } from 'react';
import { GAME_MESSAGES, PLAYER_NAME_MAX, TEAM_NAME_MAX } from '../../../shared/game/teams';
import type { LobbyTeam, Player } from '../../../shared/api/play';
import { errorMessage } from '../../lib/api-client';
import { Button, cx, Field, FieldError, Input } from '../../components/ui';
import { joinGame } from './play-api';

type Props = {
  code: string;
  teams: LobbyTeam[];
  chickenKey: string | null;
  onJoined: (token: string, player: Player) => void;
};

const NEW_TEAM = 'new';

/** Enter a name, pick a team from the organiser's list (full ones greyed out) or create one, join. */
export function JoinForm({ code, teams, chickenKey, onJoined }: Props) {
  const id = useId();
  const [name, setName] = useState('');
  const firstOpen = teams.find((t) => !t.full);
  // Chosen by name: names are unique in a game, and a team listed before the lobby opens has no id yet.
  const keyOf = (t: LobbyTeam) => `team:${t.name}`;
  const [choice, setChoice] = useState<string>(firstOpen ? keyOf(firstOpen) : NEW_TEAM);
  const [teamName, setTeamName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = name.trim();
    if (!trimmed) return setError(GAME_MESSAGES.nameRequired);
    if (!chickenKey && choice === NEW_TEAM && !teamName.trim()) return setError(GAME_MESSAGES.teamNameRequired);
    setError(null);
    setBusy(true);
    // A team listed before the lobby exists has no id yet (not positive): it is joined by its name.
    const picked = teams.find((t) => keyOf(t) === choice);
    const team = chickenKey ? {} : choice === NEW_TEAM || !picked ? { team_name: teamName.trim() } : picked.id > 0 ? { team_id: picked.id } : { team_name: picked.name };
    joinGame(code, { name: trimmed, ...team, ...(chickenKey ? { chicken_key: chickenKey } : {}) })
      .then((answer) => onJoined(answer.token, answer.player))
      .catch((e: unknown) => setError(errorMessage(e, 'Failed to join the game. Please try again.')))
      .finally(() => setBusy(false));
  };

  return (
    <form onSubmit={submit} className="space-y-5" aria-label="Join the game">
      <Field label="Your name" size="lg">
        <Input size="lg" value={name} maxLength={PLAYER_NAME_MAX} autoComplete="nickname" onChange={(e) => setName(e.target.value)} />
      </Field>
      {chickenKey ? (
        <p className="rounded-xl bg-brand-100 p-3 text-brand-700">
          You&apos;re joining as <strong>the Chicken</strong>: you hide, every team hunts you. Players never see where you are.
        </p>
      ) : (
        <fieldset className="space-y-2">
          <legend className="mb-1 font-semibold text-slate-900">Your team</legend>
          {teams.map((t) => (
            <label
              key={keyOf(t)}
              className={cx(
                'flex min-h-12 items-center gap-3 rounded-xl border px-3',
                t.full ? 'cursor-not-allowed border-slate-200 bg-slate-50 text-slate-400' : 'cursor-pointer',
                choice === keyOf(t) ? 'border-brand-500 bg-brand-50' : 'border-slate-200',
              )}
            >
              <input type="radio" name={`${id}-team`} value={keyOf(t)} disabled={t.full} checked={choice === keyOf(t)} onChange={() => setChoice(keyOf(t))} />
              <span className="flex-1 font-medium">{t.name}</span>
              <span className="text-sm">{t.full ? 'Full' : `${t.players}/${t.capacity}`}</span>
            </label>
          ))}
          <label className={cx('flex min-h-12 cursor-pointer items-center gap-3 rounded-xl border px-3', choice === NEW_TEAM ? 'border-brand-500 bg-brand-50' : 'border-slate-200')}>
            <input type="radio" name={`${id}-team`} value={NEW_TEAM} checked={choice === NEW_TEAM} onChange={() => setChoice(NEW_TEAM)} />
            <span className="font-medium">Create a new team</span>
          </label>
          {choice === NEW_TEAM ? (
            <Field label="Team name" size="lg">
              <Input size="lg" value={teamName} maxLength={TEAM_NAME_MAX} onChange={(e) => setTeamName(e.target.value)} />
            </Field>
          ) : null}
        </fieldset>
      )}
      <FieldError message={error} />
      <Button type="submit" variant="primary" size="lg" className="w-full" disabled={busy}>
        {busy ? 'Joining…' : 'Join the game'}
      </Button>
    </form>
  );
}
