import { useState, type FormEvent } from 'react';
import type { GameMessage } from '../../../shared/api/play';
import { MESSAGE_MAX } from '../../../shared/game/teams';
import { formatTimestamp } from '../../../shared/time';
import { errorMessage } from '../../lib/api-client';
import { notifySuccess } from '../../lib/toast';
import { Button, Field, FieldError, Section, Textarea } from '../../components/ui';
import { sendMessage } from './host-api';

/** Messages to every player of the game: a short text, sent at once, listed newest first. */
export function MessagesPanel({ code, messages, disabled }: { code: string; messages: readonly GameMessage[]; disabled: boolean }) {
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!text.trim()) return;
    setBusy(true);
    setError(null);
    sendMessage(code, text.trim())
      .then(() => {
        setText('');
        notifySuccess('Message sent');
      })
      .catch((e: unknown) => setError(errorMessage(e, 'Failed to send the message')))
      .finally(() => setBusy(false));
  };
  return (
    <Section id="messages" title="Messages to all players">
      <form onSubmit={submit} className="space-y-2">
        <Field label="Message" hint={`${text.length}/${MESSAGE_MAX}`}>
          <Textarea rows={3} maxLength={MESSAGE_MAX} value={text} disabled={disabled} onChange={(e) => setText(e.target.value)} />
        </Field>
        <FieldError message={error} />
        <Button type="submit" variant="primary" disabled={disabled || busy || !text.trim()}>
          {busy ? 'Sending…' : 'Send to all players'}
        </Button>
      </form>
      <ul className="mt-3 max-h-64 space-y-1 overflow-y-auto" data-testid="sent-messages">
        {[...messages].reverse().map((m) => (
          <li key={m.id} className="rounded-lg bg-slate-50 px-3 py-2 text-sm">
            <span className="block text-xs text-slate-600">{formatTimestamp(m.at)}</span>
            {m.text}
          </li>
        ))}
      </ul>
    </Section>
  );
}
