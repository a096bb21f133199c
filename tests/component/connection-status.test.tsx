import { describe, expect, it } from 'vitest';
import { ConnectionStatus } from '../../src/web/components/connection-status';
import { renderScreen, screen } from './support/render';

/**
 * The connection indicator says the connection, never the game's state (issue 28): the game-over screen and the host
 * console said "● Live" beside "over" and "not started". Whether the game is live is the game state's to say.
 */
describe('connection status (component)', () => {
  it('says Connected when the stream is open, not Live', () => {
    renderScreen(<ConnectionStatus state="open" />, { path: '/play/GAME01' });
    const status = screen.getByTestId('connection-status');
    expect(status.textContent?.trim()).toBe('Connected');
    expect(status.textContent).not.toContain('Live');
  });

  it('says Reconnecting… while the stream is down', () => {
    renderScreen(<ConnectionStatus state="reconnecting" />, { path: '/play/GAME01' });
    expect(screen.getByRole('status').textContent?.trim()).toBe('Reconnecting…');
  });
});
