import { useEffect, useState, type FormEvent } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { CHAT_TEXT_MAX, chatText, type ChatMessage } from '../../../shared/api/chat';
import { Spinner } from '../../components/spinner';
import { Button, cx, ErrorState, Field, FieldError, Input, Select } from '../../components/ui';
import { errorMessage } from '../../lib/api-client';
import { useMessageText, useT } from '../../lib/i18n';
import { useReaderFormat } from '../../lib/reader-format';
import { useOutbox, sendOrKeepMessage } from './outbox';
import { fetchMessages, messageKeys } from './messages-api';
import type { PlayerChannel } from './outbox-store';

/** Each channel's name in the play catalogue. */
const CHANNEL_LABEL = { team: 'channelTeam', host: 'channelHost', all: 'channelAll' } as const satisfies Record<ChatMessage['channel'], string>;

/**
 * The Messages tab (issue 40, decision 0580): the team's channel, the team's channel with the host and the host's
 * broadcasts in one list, oldest first, and a box to write to the team or the host. Without signal a message waits in
 * the phone's outbox (shown here as waiting) and is sent once, in order, when the connection returns. The Chicken
 * writes to the host only.
 */
export function MessagesTab({ code, token, myId, chicken, onRead }: { code: string; token: string; myId: number; chicken: boolean; onRead: () => void }) {
  const t = useT('play');
  const say = useMessageText();
  const { timestamp } = useReaderFormat();
  const queryClient = useQueryClient();
  const messages = useQuery({ queryKey: messageKeys.list(code), queryFn: () => fetchMessages(code, token) });
  const { items } = useOutbox(code, token);
  const kept = items.filter((i) => i.type === 'message');
  const [channel, setChannel] = useState<PlayerChannel>(chicken ? 'host' : 'team');
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // Reading the tab reads what it shows.
  useEffect(() => {
    if (messages.data) onRead();
  }, [messages.data, onRead]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const checked = chatText.safeParse(text);
    if (!checked.success) {
      const first = checked.error.issues[0]?.message;
      return setError(first ? say(first) : null);
    }
    setBusy(true);
    setError(null);
    try {
      const sent = await sendOrKeepMessage(code, token, channel, checked.data);
      if (sent)
        queryClient.setQueryData<ChatMessage[]>(messageKeys.list(code), (list) => (list && !list.some((m) => m.id === sent.id) ? [...list, sent] : list));
      setText('');
    } catch (err) {
      setError(errorMessage(err, t('messageSendFailed')));
    } finally {
      setBusy(false);
    }
  };

  if (messages.isPending) return <Spinner label={t('loading')} />;
  if (messages.data === undefined)
    return (
      <ErrorState message={errorMessage(messages.error, t('messagesLoadFailed'))} onRetry={() => void messages.refetch()} retrying={messages.isFetching} />
    );
  return (
    <section aria-labelledby="messages-title" className="space-y-3">
      <h2 id="messages-title" className="text-lg font-semibold">
        {t('tabMessages')}
      </h2>
      {messages.data.length === 0 && kept.length === 0 ? <p className="text-sm text-slate-600">{t('noMessagesYet')}</p> : null}
      <ul className="space-y-2" data-testid="chat-messages">
        {messages.data.map((m) => {
          const mine = m.from_player_id === myId;
          return (
            <li
              key={m.id}
              data-testid="chat-message"
              data-channel={m.channel}
              className={cx('max-w-[85%] rounded-xl px-3 py-2', mine ? 'ml-auto bg-brand-50' : m.channel === 'team' ? 'bg-slate-100' : 'bg-amber-50')}
            >
              <span className="block text-xs text-slate-600">
                {mine ? t('you') : m.from_player_id === null ? t('hostName') : m.from} · {t(CHANNEL_LABEL[m.channel])} · {timestamp(m.at)}
              </span>
              <span className="break-words">{m.text}</span>
            </li>
          );
        })}
        {kept.map((k) => (
          <li key={k.id ?? k.key} data-testid="chat-kept" className="ml-auto max-w-[85%] rounded-xl border border-dashed border-slate-300 px-3 py-2">
            <span className="block text-xs text-slate-600">
              {t('you')} · {t(CHANNEL_LABEL[k.channel])} · {k.state === 'refused' ? t('messageNotSent', { reason: say(k.message ?? '') }) : t('waitingToSend')}
            </span>
            <span className="break-words">{k.text}</span>
          </li>
        ))}
      </ul>
      <form onSubmit={(e) => void submit(e)} className="space-y-2">
        {chicken ? null : (
          <Field label={t('messageTo')}>
            <Select value={channel} onChange={(e) => setChannel(e.target.value === 'host' ? 'host' : 'team')}>
              <option value="team">{t('toMyTeam')}</option>
              <option value="host">{t('toHost')}</option>
            </Select>
          </Field>
        )}
        <Field label={t('messageLabel')} hint={`${text.length}/${CHAT_TEXT_MAX}`}>
          <Input value={text} maxLength={CHAT_TEXT_MAX} onChange={(e) => setText(e.target.value)} autoComplete="off" />
        </Field>
        <FieldError message={error} />
        <Button type="submit" variant="primary" disabled={busy || !text.trim()}>
          {busy ? t('sending') : chicken || channel === 'host' ? t('sendToHost') : t('sendToTeam')}
        </Button>
      </form>
    </section>
  );
}
