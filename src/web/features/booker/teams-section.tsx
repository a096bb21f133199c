import { useId, useState } from 'react';
import type { BookerBooking } from '../../../shared/api/booking';
import { MAX_TEAMS, normalizePlayers, teamsBody } from '../../../shared/api/booker-game';
import { saveTeams } from './booker-api';
import { Badge, buttonClass, FieldError, inputClass, labelClass, Section } from '../../components/ui';
import { useSaveAction } from '../../lib/use-save-action';

type Draft = { key: string; id?: number; name: string; players: string };
type Props = { booking: BookerBooking; onSaved: (b: BookerBooking) => void };

const fromBooking = (b: BookerBooking): Draft[] => b.teams_list.map((t) => ({ key: `t${t.id}`, id: t.id, name: t.name, players: t.players }));
const snapshot = (list: Draft[]) => JSON.stringify(list.map((t) => [t.id ?? null, t.name.trim(), normalizePlayers(t.players)]));
const countPlayers = (text: string) => (normalizePlayers(text) === '' ? 0 : normalizePlayers(text).split(', ').length);

/** The teams that will hunt: add, rename, remove; players typed as a comma-separated list. */
export function TeamsSection({ booking, onSaved }: Props) {
  const id = useId();
  const locked = booking.locked_teams;
  const [drafts, setDrafts] = useState<Draft[]>(() => fromBooking(booking));
  const [nextKey, setNextKey] = useState(1);
  const { run, saving, error } = useSaveAction<BookerBooking>(
    (b) => {
      onSaved(b);
      setDrafts(fromBooking(b));
    },
    { success: 'Teams saved', failure: 'Failed to save teams' },
  );
  const unsaved = snapshot(drafts) !== snapshot(fromBooking(booking));
  const body = { teams: drafts.map((t) => ({ ...(t.id ? { id: t.id } : {}), name: t.name, players: t.players })) };
  const check = teamsBody.safeParse(body);
  const problem = check.success ? null : (check.error.issues[0]?.message ?? 'Please check the teams');
  const update = (key: string, patch: Partial<Draft>) => setDrafts((list) => list.map((t) => (t.key === key ? { ...t, ...patch } : t)));

  return (
    <Section
      look="page"
      id="teams"
      title="Teams"
      description="Split your group into teams. Type each team's players separated by commas."
      locked={locked}
      actions={unsaved ? <Badge tone="brand">Unsaved changes</Badge> : null}
    >
      {drafts.length === 0 ? <p className="text-slate-600">No teams yet.</p> : null}
      <ul className="space-y-3">
        {drafts.map((t, i) => (
          <li key={t.key} className="rounded-xl border border-slate-200 p-3" data-testid="team-row">
            <div className="grid gap-3 sm:grid-cols-[1fr_2fr_auto] sm:items-end">
              <div>
                <label htmlFor={`${id}-${t.key}-name`} className={labelClass('lg')}>
                  Team {i + 1} name
                </label>
                <input
                  id={`${id}-${t.key}-name`}
                  className={inputClass('lg')}
                  maxLength={100}
                  disabled={locked}
                  value={t.name}
                  onChange={(e) => update(t.key, { name: e.target.value })}
                />
              </div>
              <div>
                <label htmlFor={`${id}-${t.key}-players`} className={labelClass('lg')}>
                  Team {i + 1} players ({countPlayers(t.players)})
                </label>
                <input
                  id={`${id}-${t.key}-players`}
                  className={inputClass('lg')}
                  placeholder="Ann, Bob, Cy"
                  disabled={locked}
                  value={t.players}
                  onChange={(e) => update(t.key, { players: e.target.value })}
                />
              </div>
              {!locked ? (
                <button type="button" className={buttonClass('secondary', 'lg')} onClick={() => setDrafts((list) => list.filter((x) => x.key !== t.key))}>
                  Remove<span className="sr-only"> team {i + 1}</span>
                </button>
              ) : null}
            </div>
          </li>
        ))}
      </ul>
      {!locked ? (
        <div className="mt-4 flex flex-col gap-3 sm:flex-row">
          <button
            type="button"
            className={buttonClass('secondary', 'lg')}
            disabled={drafts.length >= MAX_TEAMS}
            onClick={() => {
              setDrafts((list) => [...list, { key: `n${nextKey}`, name: `Team ${list.length + 1}`, players: '' }]);
              setNextKey((k) => k + 1);
            }}
          >
            Add team
          </button>
          <button
            type="button"
            className={buttonClass('primary', 'lg')}
            disabled={!unsaved || problem !== null || saving}
            onClick={() => void run(() => saveTeams(booking, body))}
          >
            {saving ? 'Saving…' : 'Save teams'}
          </button>
        </div>
      ) : null}
      {problem && unsaved ? (
        <p role="alert" className="mt-2 text-sm font-medium text-red-700">
          {problem}
        </p>
      ) : null}
      <FieldError className="mt-2" message={error} />
    </Section>
  );
}
