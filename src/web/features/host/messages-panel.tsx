import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { messageBody, type GameMessage } from '../../../shared/api/play';
import { MESSAGE_MAX } from '../../../shared/game/teams';
import { formatTimestamp } from '../../../shared/time';
import { firstErrorMessage } from '../../lib/form-errors';
import { useAction } from '../../lib/use-action';
import { Button, Field, FieldError, Section, Textarea } from '../../components/ui';
import { sendMessage } from './host-api';
import { useT } from '../../lib/i18n';

type MessageForm = z.input<typeof messageBody>;

/** Messages to every player of the game: a short text, sent at once, listed newest first. */
export function MessagesPanel({ code, messages, disabled }: { code: string; messages: readonly GameMessage[]; disabled: boolean }) {
  const t = useT('host');
  const form = useForm<MessageForm, unknown, z.output<typeof messageBody>>({ resolver: zodResolver(messageBody), defaultValues: { text: '' } });
  const text = useWatch({ control: form.control, name: 'text' });
  // A refusal is said under the box (the server's reason), where the host is typing, not in a toast.
  const send = useAction({
    call: ({ text: message }: z.output<typeof messageBody>) => sendMessage(code, message),
    success: t('messageSent'),
    failure: t('messageFailed'),
    failureToast: 'none',
    onSuccess: () => form.reset({ text: '' }),
  });
  const busy = send.isPending;
  return (
    <Section id="messages" title={t('messagesTitle')}>
      <form onSubmit={(e) => void form.handleSubmit(send.run)(e)} className="space-y-2">
        <Field label={t('messageLabel')} hint={`${text.length}/${MESSAGE_MAX}`}>
          <Textarea rows={3} maxLength={MESSAGE_MAX} disabled={disabled} {...form.register('text')} />
        </Field>
        <FieldError message={firstErrorMessage(form.formState.errors) ?? send.error} />
        <Button type="submit" variant="primary" disabled={disabled || busy || !text.trim()}>
          {busy ? t('sending') : t('sendToAll')}
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
