import { describe, expect, it } from 'vitest';
import { fireEvent, waitFor } from '@testing-library/react';
import { adminIntegrationsEndpoints as ep } from '../../src/shared/api/endpoints/integrations';
import type { ApiKey, Delivery, Webhook } from '../../src/shared/api/integrations';
import { IntegrationsPage } from '../../src/web/features/admin-integrations/integrations-page';
import { answer, callsTo, failWith } from './support/network';
import { findToast, renderScreen, screen, within } from './support/render';

/** Settings → Integrations (issue 39): API keys and webhooks, the delivery log, test events and replays. */
const KEY: ApiKey = {
  id: 3,
  name: 'CRM sync',
  prefix: 'hatch_0123456789ab',
  scopes: ['bookings:read'],
  created_at: '2031-01-01T10:00:00.000Z',
  created_by: { id: 1, name: 'Administrator' },
  last_used_at: null,
  revoked_at: null,
};
const HOOK: Webhook = {
  id: 7,
  url: 'https://crm.example.com/hatch',
  events: ['booking.paid'],
  description: null,
  status: 'enabled',
  disabled_reason: null,
  failing_since: null,
  previous_secret_expires_at: null,
  created_at: '2031-01-01T10:00:00.000Z',
  queued: 0,
};
const ATTEMPT: Delivery = {
  id: 41,
  webhook_id: 'msg_abc',
  event_type: 'booking.paid',
  attempt: 1,
  outcome: 'failed',
  response_code: 500,
  response_body: 'boom',
  error: null,
  attempted_at: '2031-01-02T10:00:00.000Z',
  duration_ms: 12,
  status: 'retrying',
  next_attempt_at: '2031-01-02T10:00:05.000Z',
  replay: false,
};

function open() {
  answer(ep.listKeys, { api_keys: [KEY] });
  answer(ep.listWebhooks, { webhooks: [HOOK] });
  return renderScreen(<IntegrationsPage />, { path: '/admin/settings/integrations' });
}

describe('Integrations (component)', () => {
  it('lists the keys by prefix, creates one with its scopes and shows its secret once', async () => {
    open();
    const keys = await screen.findByRole('table', { name: 'API keys' });
    expect(within(keys).getByText('CRM sync')).toBeTruthy();
    expect(within(keys).getByText('hatch_0123456789ab…')).toBeTruthy();
    expect(within(keys).getByText('Never')).toBeTruthy();
    answer(ep.createKey, ({ body }) => ({
      key: { id: 4, name: body.name, prefix: 'hatch_ffffffffffff', scopes: body.scopes },
      secret: 'hatch_ffffffffffff_secret',
    }));
    const form = screen.getByRole('form', { name: 'New API key' });
    fireEvent.change(within(form).getByLabelText('Name'), { target: { value: 'Website' } });
    fireEvent.click(within(form).getByLabelText(/Create bookings/));
    fireEvent.click(within(form).getByRole('button', { name: 'Create key' }));
    await findToast('API key created');
    expect(callsTo(ep.createKey)[0]?.body).toEqual({ name: 'Website', scopes: ['bookings:read', 'bookings:write'] });
    expect((await screen.findByTestId('secret-once')).textContent).toBe('hatch_ffffffffffff_secret');
    fireEvent.click(screen.getByRole('button', { name: 'Done' }));
    expect(screen.queryByTestId('secret-once')).toBeNull();
  });

  it("says the server's reason when a webhook address is refused", async () => {
    open();
    answer(ep.createWebhook, failWith(422, 'This address is on a private or local network: webhooks cannot be sent there.', 'validation_failed'));
    const form = await screen.findByRole('form', { name: 'New webhook' });
    fireEvent.change(within(form).getByLabelText('URL'), { target: { value: 'https://10.0.0.1/hook' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Add webhook' }));
    await findToast('This address is on a private or local network: webhooks cannot be sent there.');
    expect(callsTo(ep.createWebhook)[0]?.body).toMatchObject({ url: 'https://10.0.0.1/hook', events: ['booking.created', 'booking.paid'] });
  });

  it('opens the delivery log, replays an attempt and sends a test event', async () => {
    open();
    answer(ep.deliveries, { deliveries: [ATTEMPT], queued: 1 });
    const card = await screen.findByRole('listitem', { name: 'Webhook https://crm.example.com/hatch' });
    fireEvent.click(within(card).getByRole('button', { name: 'Deliveries' }));
    const log = await within(card).findByRole('table', { name: 'Deliveries' });
    expect(within(log).getByText('500')).toBeTruthy();
    expect(within(log).getByText('boom')).toBeTruthy();
    expect(within(card).getByText('1 waiting to be sent.')).toBeTruthy();
    answer(ep.replay, { replayed: 1, webhook_ids: ['msg_abc'] });
    fireEvent.click(within(log).getByRole('button', { name: 'Replay msg_abc' }));
    await findToast('Delivery queued again');
    expect(callsTo(ep.replay)[0]?.path).toBe('/api/admin/webhooks/7/deliveries/41/replay');
    answer(ep.sendTest, { webhook_id: 'msg_test' });
    fireEvent.click(within(card).getByRole('button', { name: 'Send test event' }));
    await findToast('Test event queued');
    await waitFor(() => expect(callsTo(ep.sendTest)).toHaveLength(1));
  });
});
