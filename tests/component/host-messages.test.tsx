import { describe, expect, it } from 'vitest';
import { fireEvent, waitFor } from '@testing-library/react';
import { hostEndpoints } from '../../src/shared/api/endpoints/host';
import { MessagesPanel } from '../../src/web/features/host/messages-panel';
import { answer, callsTo, failWith } from './support/network';
import { findToast, renderScreen, screen, toastTexts } from './support/render';

/** The host's message to every player: one write through the app's one action hook (src/web/lib/use-action.ts). */
describe('host console: messages to all players (component)', () => {
  it('sends once on a double click, then clears the box and says "Message sent"', async () => {
    answer(hostEndpoints.message, ({ body }) => ({
      message: {
        id: 1,
        channel: 'all' as const,
        from: 'Host',
        from_player_id: null,
        team_id: null,
        text: body.text,
        at: '2030-06-01T10:00:00.000Z',
        hidden: false,
      },
    }));
    const { user } = renderScreen(<MessagesPanel code="GAME01" messages={[]} disabled={false} />, { path: '/host/GAME01' });
    await user.type(screen.getByLabelText('Message'), 'Meet at the fountain');
    const send = screen.getByRole('button', { name: 'Send to all players' });
    // Two clicks before the page can re-render: the second is ignored, not sent again.
    fireEvent.click(send);
    fireEvent.click(send);
    await findToast('Message sent');
    await waitFor(() => expect((screen.getByLabelText('Message') as HTMLTextAreaElement).value).toBe(''));
    expect(callsTo(hostEndpoints.message).map((c) => c.body)).toEqual([{ text: 'Meet at the fountain' }]);
  });

  it("says the server's refusal under the box, without a toast, and keeps the text", async () => {
    answer(hostEndpoints.message, failWith(409, 'The game has ended'));
    const { user } = renderScreen(<MessagesPanel code="GAME01" messages={[]} disabled={false} />, { path: '/host/GAME01' });
    await user.type(screen.getByLabelText('Message'), 'Still there?');
    await user.click(screen.getByRole('button', { name: 'Send to all players' }));
    await screen.findByText('The game has ended');
    expect(toastTexts()).toEqual([]);
    expect((screen.getByLabelText('Message') as HTMLTextAreaElement).value).toBe('Still there?');
    expect(screen.getByRole('button', { name: 'Send to all players' }).hasAttribute('disabled')).toBe(false);
  });
});
