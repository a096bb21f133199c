import { describe, expect, it } from 'vitest';
import { waitFor } from '@testing-library/react';
import { adminGiftVoucherEndpoints as voucherEp } from '../../src/shared/api/endpoints/gift-vouchers';
import { adminPaymentsEndpoints } from '../../src/shared/api/endpoints/admin-payments';
import { adminUsersEndpoints } from '../../src/shared/api/endpoints/admin-users';
import { authEndpoints } from '../../src/shared/api/endpoints/auth';
import { hostTimeEndpoints } from '../../src/shared/api/endpoints/host-time';
import { invoiceEndpoints } from '../../src/shared/api/endpoints/invoices';
import { messageScheduleEndpoints as msgEp } from '../../src/shared/api/endpoints/message-schedule';
import { HOST_TIME_MESSAGES } from '../../src/shared/api/host-time';
import { GIFT_VOUCHER_MESSAGES } from '../../src/shared/commerce/gift-vouchers';
import { ADMIN } from './support/admin-user';
import { AdminLayout } from '../../src/web/features/admin-shell/admin-layout';
import { GiftVouchersPage } from '../../src/web/features/admin-gift-vouchers/gift-vouchers-page';
import { PaymentsPage } from '../../src/web/features/admin-payments/payments-page';
import { SettingsPage } from '../../src/web/features/admin-settings/settings-page';
import { scriptEndpoints } from '../../src/shared/api/endpoints/script';
import { adminChallengesEndpoints } from '../../src/shared/api/endpoints/admin-challenges';
import { UsersPage } from '../../src/web/features/admin-users/users-page';
import { answer, calls, callsTo } from './support/network';
import { findToast, renderScreen, screen, within } from './support/render';

/**
 * /admin/settings (issue 36, decision 0536): the install's settings, once spread over Users (travel margin, reminder
 * days), Payments (invoices) and Gift vouchers (validity), in one page of sections, each saved through its own endpoint.
 */
const SELLER = { seller_name: 'Hatch Events Ltd', seller_address: '1 Market Street', vat_number: 'GB123', vat_rate: 20 };
const writes = () => calls().filter((c) => c.method !== 'GET');

function answerSettings() {
  answer(authEndpoints.me, { user: ADMIN });
  answer(hostTimeEndpoints.settings, { travel_margin_minutes: 60 });
  answer(msgEp.settings, { first_reminder_days: 7, second_reminder_days: 1 });
  answer(invoiceEndpoints.settings, { settings: SELLER, ready: true, waiting: 0 });
  answer(voucherEp.settings, { data: { validity_months: 12 } });
  answer(scriptEndpoints.template, { steps: [], is_default: true });
  answer(adminChallengesEndpoints.list, { data: [] });
}

function openSettings(path = '/admin/settings') {
  answerSettings();
  return renderScreen(<SettingsPage />, { path, route: '/admin/settings' });
}

describe('Settings (component)', () => {
  it('is one page with a section per setting, each showing what is saved', async () => {
    openSettings();
    expect(screen.getByRole('heading', { level: 1, name: 'Settings' })).toBeTruthy();
    const headings = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(headings).toEqual(["Hosts' travel margin", 'Game reminders', 'Invoices', 'Gift voucher validity', 'Game script template']);
    const contents = within(screen.getByRole('navigation', { name: 'Settings sections' })).getAllByRole('link');
    expect(contents.map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ["Hosts' travel margin", '#travel-margin'],
      ['Game reminders', '#reminder-days'],
      ['Invoices', '#invoice-settings'],
      ['Gift voucher validity', '#gift-voucher-validity'],
      ['Game script template', '#game-script-template'],
      ['Integrations (API keys, webhooks)', '/admin/settings/integrations'],
      ["Privacy (terms, waiver, retention, a person's data)", '/admin/privacy'],
    ]);
    // Each section's form, with what is saved.
    await waitFor(() => expect(screen.getByLabelText('Travel margin (minutes)')).toHaveProperty('value', '60'));
    await waitFor(() => expect(screen.getByLabelText('First reminder (days before)')).toHaveProperty('value', '7'));
    await waitFor(() => expect(screen.getByLabelText("Seller's name")).toHaveProperty('value', 'Hatch Events Ltd'));
    await screen.findByDisplayValue('12');
    expect(writes()).toEqual([]);
  });

  it('is "Settings" in the staff menu', async () => {
    answerSettings();
    renderScreen(<AdminLayout />, { path: '/admin/settings', route: '/admin/*' });
    const menu = await screen.findByRole('navigation', { name: 'Admin' });
    expect(within(menu).getByRole('link', { name: 'Settings' }).getAttribute('href')).toBe('/admin/settings');
  });

  it('the pages that held them say where each setting is now, linking to its section', async () => {
    answer(adminUsersEndpoints.list, { users: [ADMIN] });
    answer(authEndpoints.me, { user: ADMIN });
    const users = renderScreen(<UsersPage />, { path: '/admin/users' });
    const usersLink = await screen.findByTestId('settings-link');
    expect(usersLink.textContent).toBe("The hosts' travel margin and the game reminders are set in Settings.");
    expect(within(usersLink).getByRole('link', { name: 'Settings' }).getAttribute('href')).toBe('/admin/settings#travel-margin');
    expect(screen.queryByLabelText('Travel margin (minutes)')).toBeNull();
    users.unmount();

    answer(adminPaymentsEndpoints.list, { payments: [], pagination: { current_page: 1, last_page: 1, per_page: 20, total: 0 }, totals: [] });
    const payments = renderScreen(<PaymentsPage />, { path: '/admin/payments' });
    const paymentsLink = await screen.findByTestId('settings-link');
    expect(within(paymentsLink).getByRole('link', { name: 'Settings → Invoices' }).getAttribute('href')).toBe('/admin/settings#invoice-settings');
    expect(screen.queryByLabelText('VAT rate (%)')).toBeNull();
    payments.unmount();

    answer(voucherEp.list, { data: [] });
    renderScreen(<GiftVouchersPage />, { path: '/admin/gift-vouchers' });
    const vouchersLink = await screen.findByTestId('settings-link');
    expect(within(vouchersLink).getByRole('link', { name: 'Settings → Gift voucher validity' }).getAttribute('href')).toBe(
      '/admin/settings#gift-voucher-validity',
    );
    expect(screen.queryByRole('form', { name: 'Gift voucher validity' })).toBeNull();
  });

  it("sets the hosts' travel margin, refusing one out of range without asking", async () => {
    const { user } = openSettings();
    answer(hostTimeEndpoints.updateSettings, ({ body }) => body);
    const field = screen.getByLabelText('Travel margin (minutes)');
    await waitFor(() => expect(field).toHaveProperty('value', '60'));
    await user.clear(field);
    await user.type(field, '2000');
    await user.click(screen.getByRole('button', { name: 'Save margin' }));
    await findToast(HOST_TIME_MESSAGES.invalidMargin);
    expect(writes()).toEqual([]);
    await user.clear(field);
    await user.type(field, '45');
    await user.click(screen.getByRole('button', { name: 'Save margin' }));
    await findToast('Travel margin saved');
    expect(writes().map((c) => c.body)).toEqual([{ travel_margin_minutes: 45 }]);
  });

  it('sets the install’s reminder days, refusing a first reminder not before the second without asking', async () => {
    const { user } = openSettings();
    answer(msgEp.updateSettings, ({ body }) => body);
    const first = screen.getByLabelText('First reminder (days before)');
    const second = screen.getByLabelText('Second reminder (days before)');
    await waitFor(() => expect(first).toHaveProperty('value', '7'));
    expect(second).toHaveProperty('value', '1');
    await user.clear(first);
    await user.type(first, '1');
    await user.click(screen.getByRole('button', { name: 'Save reminder days' }));
    await findToast('The first reminder must come before the second (more days before the game).');
    expect(writes()).toEqual([]);
    await user.clear(first);
    await user.type(first, '10');
    await user.clear(second);
    await user.type(second, '2');
    await user.click(screen.getByRole('button', { name: 'Save reminder days' }));
    await findToast('Reminder days saved');
    expect(writes().map((c) => c.body)).toEqual([{ first_reminder_days: 10, second_reminder_days: 2 }]);
  });

  it('shows and saves the gift voucher validity in months, refusing a number out of range', async () => {
    const { user } = openSettings();
    const form = await screen.findByRole('form', { name: 'Gift voucher validity' });
    const months = within(form).getByLabelText('Valid for (months)');
    await screen.findByDisplayValue('12');
    answer(voucherEp.saveSettings, ({ body }) => ({ data: body }));
    await user.clear(months);
    await user.type(months, '0');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await within(form).findByText(GIFT_VOUCHER_MESSAGES.validityMonths);
    expect(callsTo(voucherEp.saveSettings)).toEqual([]);
    await user.clear(months);
    await user.type(months, '24');
    answer(voucherEp.settings, { data: { validity_months: 24 } });
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await findToast(GIFT_VOUCHER_MESSAGES.settingsSaved);
    expect(callsTo(voucherEp.saveSettings).map((c) => c.body)).toEqual([{ validity_months: 24 }]);
  });
});
