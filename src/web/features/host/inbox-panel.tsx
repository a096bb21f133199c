import { useEffect, useState, type FormEvent } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { CHAT_TEXT_MAX, chatText, type InboxMessage } from '../../../shared/api/chat';
import { formatTimestamp } from '../../../shared/time';
import { Spinner } from '../../components/spinner';
import { Badge, Button, cx, ErrorState, Field, FieldError, Input, Section } from '../../components/ui';
import { errorMessage } from '../../lib/api-client';
import { useMessageText, useT, type Translate } from '../../lib/i18n';
import { fetchInbox, fetchTakenHints, hideMessage, inboxKeys, replyToChicken, replyToTeam, useInboxUnread } from './inbox-api';

type Thread = { id: string; label: string; reply: { teamId: number; name: string } | 'chicken' };

/** The threads of the game: each team's channel and its channel with the host, and the Chicken's with the host. */
function threadsOf(teams: readonly { id: number; name: string }[], hasChicken: boolean, t: Translate<'host'>): Thread[] {
  const list: Thread[] = teams.flatMap((team) => [
    { id: `host:${team.id}`, label: t('threadWithYou', { name: team.name }), reply: { teamId: team.id, name: team.name } },
    { id: `team:${team.id}`, label: t('threadTeamChat', { name: team.name }), reply: { teamId: team.id, name: team.name } },
  ]);
  if (hasChicken) list.push({ id: 'chicken', label: t('threadChicken'), reply: 'chicken' });
  return list;
}

/**
 * The host's inbox (issue 40, decision 0580): every team's chat and its private channel with the host, the Chicken's,
 * with unread counts per thread; the host answers one team (or the Chicken) privately and hides a message. Broadcasts
 * stay in "Messages to all players". The list is kept current by the console's stream (host-console-page.tsx).
 */
export function InboxPanel({
  code,
  teams,
  hasChicken,
  disabled,
}: {
  code: string;
  teams: readonly { id: number; name: string }[];
  hasChicken: boolean;
  disabled: boolean;
}) {
  const t = useT('host');
  const inbox = useQuery({ queryKey: inboxKeys.list(code), queryFn: () => fetchInbox(code) });
  const { unread, markRead } = useInboxUnread(code, inbox.data);
  const threads = threadsOf(teams, hasChicken, t);
  const [open, setOpen] = useState<string | null>(null);
  const thread = threads.find((th) => th.id === open) ?? null;
  const total = [...unread.values()].reduce((a, b) => a + b, 0);
  useEffect(() => {
    if (open && inbox.data) markRead(open);
  }, [open, inbox.data, markRead]);

  return (
    <Section id="inbox" title={total > 0 ? t('inboxUnread', { count: total }) : t('inbox')}>
      {inbox.isPending ? (
        <Spinner />
      ) : inbox.data === undefined ? (
        <ErrorState message={errorMessage(inbox.error, t('inboxLoadFailed'))} onRetry={() => void inbox.refetch()} retrying={inbox.isFetching} />
      ) : (
        <div className="space-y-3">
          <ul className="flex flex-wrap gap-2" aria-label={t('conversations')}>
            {threads.map((th) => (
              <li key={th.id}>
                <Button
                  size="sm"
                  variant={th.id === open ? 'primary' : 'secondary'}
                  aria-pressed={th.id === open}
                  onClick={() => setOpen(th.id)}
                  data-thread={th.id}
                >
                  {th.label}
                  {unread.get(th.id) ? (
                    <span className="ml-1" data-testid="thread-unread">
                      <Badge tone="amber">{unread.get(th.id)}</Badge>
                    </span>
                  ) : null}
                </Button>
              </li>
            ))}
          </ul>
          {thread ? <ThreadView code={code} thread={thread} messages={inbox.data.filter((m) => m.thread === thread.id)} disabled={disabled} /> : null}
        </div>
      )}
      <TakenHints code={code} />
    </Section>
  );
}

function ThreadView({ code, thread, messages, disabled }: { code: string; thread: Thread; messages: InboxMessage[]; disabled: boolean }) {
  const t = useT('host');
  const message = useMessageText();
  const queryClient = useQueryClient();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const to = thread.reply === 'chicken' ? t('toChicken') : thread.reply.name;
  const refresh = () => void queryClient.invalidateQueries({ queryKey: inboxKeys.list(code) });
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const checked = chatText.safeParse(text);
    if (!checked.success) return setError(message(checked.error.issues[0]?.message ?? '') || null);
    setBusy(true);
    setError(null);
    try {
      if (thread.reply === 'chicken') await replyToChicken(code, checked.data);
      else await replyToTeam(code, thread.reply.teamId, checked.data);
      setText('');
      refresh();
    } catch (err) {
      setError(errorMessage(err, t('messageFailed')));
    } finally {
      setBusy(false);
    }
  };
  const hide = async (id: number) => {
    try {
      await hideMessage(code, id);
      refresh();
    } catch (err) {
      setError(errorMessage(err, t('hideMessageFailed')));
    }
  };
  return (
    <div className="space-y-2" data-testid="inbox-thread">
      <ul className="max-h-72 space-y-1 overflow-y-auto">
        {messages.length === 0 ? <li className="text-sm text-slate-600">{t('noMessages')}</li> : null}
        {messages.map((m) => (
          <li
            key={m.id}
            data-testid="inbox-message"
            className={cx('flex items-start gap-2 rounded-lg px-3 py-2 text-sm', m.hidden ? 'bg-slate-100 text-slate-500' : 'bg-slate-50')}
          >
            <span className="flex-1 break-words">
              <span className="block text-xs text-slate-600">
                {m.from} · {formatTimestamp(m.at)}
                {m.hidden ? ` · ${t('hiddenFromPlayers')}` : ''}
              </span>
              {m.text}
            </span>
            {m.hidden ? null : (
              <Button size="sm" variant="secondary" onClick={() => void hide(m.id)} aria-label={t('hideMessage', { text: m.text })}>
                {t('hide')}
              </Button>
            )}
          </li>
        ))}
      </ul>
      <form onSubmit={(e) => void submit(e)} className="space-y-2">
        <Field label={t('replyPrivately', { to })} hint={`${text.length}/${CHAT_TEXT_MAX}`}>
          <Input value={text} maxLength={CHAT_TEXT_MAX} onChange={(e) => setText(e.target.value)} disabled={disabled} autoComplete="off" />
        </Field>
        <FieldError message={error} />
        <Button type="submit" variant="primary" disabled={disabled || busy || !text.trim()}>
          {busy ? t('sending') : t('sendTo', { to })}
        </Button>
      </form>
    </div>
  );
}

/** Which team took which hint, for how much (decision 0581); fetched again when the scores move. */
function TakenHints({ code }: { code: string }) {
  const t = useT('host');
  const taken = useQuery({ queryKey: inboxKeys.hints(code), queryFn: () => fetchTakenHints(code) });
  if (!taken.data || taken.data.length === 0) return null;
  return (
    <div className="mt-4">
      <h3 className="font-semibold">{t('hintsTaken')}</h3>
      <ul className="text-sm" data-testid="hints-taken">
        {taken.data.map((h) => (
          <li key={`${h.team_id}:${h.challenge_id}:${h.index}`}>
            {t('hintTaken', { team: h.team_name, index: h.index + 1, challenge: h.challenge_name, cost: h.cost })} · {formatTimestamp(h.taken_at)}
            {h.player_name ? ` · ${h.player_name}` : ''}
          </li>
        ))}
      </ul>
    </div>
  );
}
