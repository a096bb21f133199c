import { useEffect, useState, type FormEvent } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { CHAT_TEXT_MAX, chatText, type InboxMessage } from '../../../shared/api/chat';
import { formatTimestamp } from '../../../shared/time';
import { Spinner } from '../../components/spinner';
import { Badge, Button, cx, ErrorState, Field, FieldError, Input, Section } from '../../components/ui';
import { errorMessage } from '../../lib/api-client';
import { fetchInbox, fetchTakenHints, hideMessage, inboxKeys, replyToChicken, replyToTeam, useInboxUnread } from './inbox-api';

type Thread = { id: string; label: string; reply: { teamId: number; name: string } | 'chicken' };

/** The threads of the game: each team's channel and its channel with the host, and the Chicken's with the host. */
function threadsOf(teams: readonly { id: number; name: string }[], hasChicken: boolean): Thread[] {
  const list: Thread[] = teams.flatMap((t) => [
    { id: `host:${t.id}`, label: `${t.name} ↔ you`, reply: { teamId: t.id, name: t.name } },
    { id: `team:${t.id}`, label: `${t.name} team chat`, reply: { teamId: t.id, name: t.name } },
  ]);
  if (hasChicken) list.push({ id: 'chicken', label: 'Chicken ↔ you', reply: 'chicken' });
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
  const inbox = useQuery({ queryKey: inboxKeys.list(code), queryFn: () => fetchInbox(code) });
  const { unread, markRead } = useInboxUnread(code, inbox.data);
  const threads = threadsOf(teams, hasChicken);
  const [open, setOpen] = useState<string | null>(null);
  const thread = threads.find((t) => t.id === open) ?? null;
  const total = [...unread.values()].reduce((a, b) => a + b, 0);
  useEffect(() => {
    if (open && inbox.data) markRead(open);
  }, [open, inbox.data, markRead]);

  return (
    <Section id="inbox" title={total > 0 ? `Inbox (${total} unread)` : 'Inbox'}>
      {inbox.isPending ? (
        <Spinner />
      ) : inbox.data === undefined ? (
        <ErrorState message={errorMessage(inbox.error, 'Failed to load the inbox.')} onRetry={() => void inbox.refetch()} retrying={inbox.isFetching} />
      ) : (
        <div className="space-y-3">
          <ul className="flex flex-wrap gap-2" aria-label="Conversations">
            {threads.map((t) => (
              <li key={t.id}>
                <Button
                  size="sm"
                  variant={t.id === open ? 'primary' : 'secondary'}
                  aria-pressed={t.id === open}
                  onClick={() => setOpen(t.id)}
                  data-thread={t.id}
                >
                  {t.label}
                  {unread.get(t.id) ? (
                    <span className="ml-1" data-testid="thread-unread">
                      <Badge tone="amber">{unread.get(t.id)}</Badge>
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
  const queryClient = useQueryClient();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const to = thread.reply === 'chicken' ? 'the Chicken' : thread.reply.name;
  const refresh = () => void queryClient.invalidateQueries({ queryKey: inboxKeys.list(code) });
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const checked = chatText.safeParse(text);
    if (!checked.success) return setError(checked.error.issues[0]?.message ?? null);
    setBusy(true);
    setError(null);
    try {
      if (thread.reply === 'chicken') await replyToChicken(code, checked.data);
      else await replyToTeam(code, thread.reply.teamId, checked.data);
      setText('');
      refresh();
    } catch (err) {
      setError(errorMessage(err, 'Failed to send the message'));
    } finally {
      setBusy(false);
    }
  };
  const hide = async (id: number) => {
    try {
      await hideMessage(code, id);
      refresh();
    } catch (err) {
      setError(errorMessage(err, 'Failed to hide the message'));
    }
  };
  return (
    <div className="space-y-2" data-testid="inbox-thread">
      <ul className="max-h-72 space-y-1 overflow-y-auto">
        {messages.length === 0 ? <li className="text-sm text-slate-600">No messages yet.</li> : null}
        {messages.map((m) => (
          <li
            key={m.id}
            data-testid="inbox-message"
            className={cx('flex items-start gap-2 rounded-lg px-3 py-2 text-sm', m.hidden ? 'bg-slate-100 text-slate-500' : 'bg-slate-50')}
          >
            <span className="flex-1 break-words">
              <span className="block text-xs text-slate-600">
                {m.from} · {formatTimestamp(m.at)}
                {m.hidden ? ' · hidden from players' : ''}
              </span>
              {m.text}
            </span>
            {m.hidden ? null : (
              <Button size="sm" variant="secondary" onClick={() => void hide(m.id)} aria-label={`Hide "${m.text}"`}>
                Hide
              </Button>
            )}
          </li>
        ))}
      </ul>
      <form onSubmit={(e) => void submit(e)} className="space-y-2">
        <Field label={`Reply privately to ${to}`} hint={`${text.length}/${CHAT_TEXT_MAX}`}>
          <Input value={text} maxLength={CHAT_TEXT_MAX} onChange={(e) => setText(e.target.value)} disabled={disabled} autoComplete="off" />
        </Field>
        <FieldError message={error} />
        <Button type="submit" variant="primary" disabled={disabled || busy || !text.trim()}>
          {busy ? 'Sending…' : `Send to ${to}`}
        </Button>
      </form>
    </div>
  );
}

/** Which team took which hint, for how much (decision 0581); fetched again when the scores move. */
function TakenHints({ code }: { code: string }) {
  const taken = useQuery({ queryKey: inboxKeys.hints(code), queryFn: () => fetchTakenHints(code) });
  if (!taken.data || taken.data.length === 0) return null;
  return (
    <div className="mt-4">
      <h3 className="font-semibold">Hints taken</h3>
      <ul className="text-sm" data-testid="hints-taken">
        {taken.data.map((h) => (
          <li key={`${h.team_id}:${h.challenge_id}:${h.index}`}>
            {h.team_name} took hint {h.index + 1} of “{h.challenge_name}” ({h.cost} points) · {formatTimestamp(h.taken_at)}
            {h.player_name ? ` · ${h.player_name}` : ''}
          </li>
        ))}
      </ul>
    </div>
  );
}
