import { describe, expect, it } from 'vitest';
import { waitFor } from '@testing-library/react';
import { adminMailEndpoints as ep } from '../../src/shared/api/endpoints/admin-mail';
import type { AdminMailDetail, AdminMailSummary } from '../../src/shared/api/admin-mail';
import { MailPage } from '../../src/web/features/admin-mail/mail-page';
import { answer, callsTo, failWith } from './support/network';
import { findToast, renderScreen, screen, within } from './support/render';

const base: AdminMailSummary = {
  id: 1,
  kind: 'booking_confirmation',
  kind_label: 'Booking confirmation',
  to: 'marie@example.test',
  subject: 'Your hatch game',
  status: 'sent',
  status_label: 'Sent',
  attempts: 1,
  error: null,
  booking_id: 12,
  created_at: '2030-03-01T09:00:00.000Z',
  sent_at: '2030-03-01T09:00:02.000Z',
  next_attempt_at: null,
};
const FAILED: AdminMailSummary = {
  ...base,
  id: 2,
  to: 'nobody@example.test',
  status: 'failed',
  status_label: 'Failed',
  attempts: 8,
  error: '550 No such user',
  sent_at: null,
};
const RESET: AdminMailSummary = {
  ...base,
  id: 3,
  kind: 'auth.password_reset',
  kind_label: 'Password reset',
  to: 'hal@example.test',
  subject: 'Set a new password for your hatch account',
  status: 'stored',
  status_label: 'Stored (no mail server)',
  attempts: 0,
  booking_id: null,
  sent_at: null,
};
const detail = (mail: AdminMailSummary, text: string, masked = false, files: Pick<AdminMailDetail, 'attachments' | 'calendar_invite'> = NO_FILES) => ({
  mail: { ...mail, text, masked, ...files },
});
const NO_FILES: Pick<AdminMailDetail, 'attachments' | 'calendar_invite'> = { attachments: [], calendar_invite: null };

function openMail(path = '/admin/mail', mails = [RESET, FAILED, base], sends = false) {
  answer(ep.list, ({ url }) => {
    const status = url.searchParams.get('status');
    const shown = status ? mails.filter((m) => m.status === status) : mails;
    return {
      mails: shown,
      pagination: { current_page: 1, last_page: 1, per_page: 50, total: shown.length },
      failed: mails.filter((m) => m.status === 'failed').length,
      sends,
    };
  });
  return renderScreen(<MailPage />, { path, route: '/admin/mail' });
}

describe('admin mail (component)', () => {
  it('lists every mail with its status, says there is no mail server and how many failed, and filters by status', async () => {
    const { user, location } = openMail();
    const rows = await screen.findAllByTestId('mail-row');
    expect(rows.map((r) => within(r).getAllByRole('cell')[1]?.textContent)).toEqual(['hal@example.test', 'nobody@example.test', 'marie@example.test']);
    expect(within(rows[1]!).getByText('550 No such user')).toBeTruthy();
    expect(screen.getByText(/No mail server is set up/)).toBeTruthy();
    expect(screen.getByRole('status').textContent).toContain('1 mail could not be delivered.');

    await user.click(screen.getByRole('button', { name: 'Show failed mails' }));
    await waitFor(() => expect(screen.getAllByTestId('mail-row')).toHaveLength(1));
    expect(location()).toBe('/admin/mail?status=failed');
    expect(callsTo(ep.list).at(-1)?.url.searchParams.get('status')).toBe('failed');
    expect((screen.getByLabelText('Status') as HTMLSelectElement).value).toBe('failed');
  });

  it("reads a staff member's reset mail with its link masked, and shows the link on purpose", async () => {
    answer(ep.show, detail(RESET, 'Hi Hal,\n\nhttp://localhost:3000/reset-password/••••••••\n', true));
    answer(ep.reveal, detail(RESET, 'Hi Hal,\n\nhttp://localhost:3000/reset-password/abcdefghijklmnopqrstuvwxyz\n'));
    const { user, location } = openMail();
    await user.click(await screen.findByRole('button', { name: 'Set a new password for your hatch account' }));
    expect(location()).toBe('/admin/mail?mail=3');
    const reader = await screen.findByRole('region', { name: 'Mail to hal@example.test' });
    await within(reader).findByText(/reset-password\/••••••••/);
    expect(within(reader).getByText(/Showing it is recorded in the activity log/)).toBeTruthy();
    expect(within(reader).queryByRole('button', { name: 'Retry now' })).toBeNull();

    await user.click(within(reader).getByRole('button', { name: 'Show the link' }));
    await within(reader).findByText(/reset-password\/abcdefghijklmnopqrstuvwxyz/);
    expect(callsTo(ep.reveal)).toHaveLength(1);
    expect(within(reader).queryByRole('button', { name: 'Show the link' })).toBeNull();
  });

  it('retries a failed mail and reads the list again', async () => {
    let status: AdminMailSummary = FAILED;
    answer(ep.show, () => detail(status, 'Hello'));
    answer(ep.retry, () => {
      status = { ...FAILED, status: 'pending', status_label: 'Pending', attempts: 0 };
      return detail(status, 'Hello');
    });
    const { user } = openMail('/admin/mail?mail=2');
    const reader = await screen.findByRole('region', { name: 'Mail to nobody@example.test' });
    expect(within(reader).getByText('550 No such user')).toBeTruthy();
    const listCalls = callsTo(ep.list).length;
    await user.click(within(reader).getByRole('button', { name: 'Retry now' }));
    await findToast('Mail queued to be sent again');
    await waitFor(() => expect(callsTo(ep.list).length).toBeGreaterThan(listCalls));
    await waitFor(() => expect(within(reader).queryByRole('button', { name: 'Retry now' })).toBeNull());
  });

  it('says why a retry was refused and keeps the mail as it is', async () => {
    answer(ep.show, detail(FAILED, 'Hello'));
    answer(ep.retry, failWith(409, 'Only a failed mail can be retried', 'conflict'));
    const { user } = openMail('/admin/mail?mail=2');
    const reader = await screen.findByRole('region', { name: 'Mail to nobody@example.test' });
    await user.click(within(reader).getByRole('button', { name: 'Retry now' }));
    await findToast('Only a failed mail can be retried');
    expect(within(reader).getByRole('button', { name: 'Retry now' })).toBeTruthy();
  });

  it('shows what went with a mail: each file and the calendar invite by name, type and size, each a download', async () => {
    answer(
      ep.show,
      detail(base, 'Your receipt is attached.', false, {
        attachments: [{ filename: 'HATCH-2030-0001.pdf', content_type: 'application/pdf', size: 48_211, download_url: '/api/admin/mail/1/attachments/0' }],
        calendar_invite: {
          filename: 'hatch-game.ics',
          content_type: 'text/calendar; charset=utf-8; method=REQUEST',
          method: 'REQUEST',
          size: 812,
          download_url: '/api/admin/mail/1/calendar-invite',
        },
      }),
    );
    openMail('/admin/mail?mail=1');
    const reader = await screen.findByRole('region', { name: 'Mail to marie@example.test' });
    const files = within(reader).getByRole('region', { name: 'Attachments' });
    const items = within(files)
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(items).toEqual([
      'HATCH-2030-0001.pdfapplication/pdf · 47.1 KB',
      'hatch-game.icsCalendar invite (REQUEST: adds or updates the event) · text/calendar · 812 bytes',
    ]);
    const pdf = within(files).getByRole('link', { name: 'HATCH-2030-0001.pdf' });
    expect(pdf.getAttribute('href')).toBe('/api/admin/mail/1/attachments/0');
    expect(pdf.hasAttribute('download')).toBe(true);
    expect(within(files).getByRole('link', { name: 'hatch-game.ics' }).getAttribute('href')).toBe('/api/admin/mail/1/calendar-invite');
  });

  it('says so when a mail carried nothing', async () => {
    answer(ep.show, detail(base, 'Hello'));
    openMail('/admin/mail?mail=1');
    const reader = await screen.findByRole('region', { name: 'Mail to marie@example.test' });
    expect(within(reader).getByText('No attachments or calendar invite.')).toBeTruthy();
  });
});
