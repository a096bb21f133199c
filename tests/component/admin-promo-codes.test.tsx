import { describe, expect, it } from 'vitest';
import { adminPromoCodesEndpoints as ep } from '../../src/shared/api/endpoints/promo-codes';
import type { PromoCode } from '../../src/shared/api/promo-codes';
import { DISCOUNT_MESSAGES } from '../../src/shared/commerce/discount-code';
import { PromoCodesPage } from '../../src/web/features/admin-promo-codes/promo-codes-page';
import { answer, callsTo, failWith } from './support/network';
import { findToast, renderScreen, screen, within } from './support/render';

const SUMMER: PromoCode = {
  id: 1,
  code: 'SUMMER10',
  percent_off: 10,
  amount_off: null,
  currency: null,
  valid_from: '2030-06-01T00:00:00.000Z',
  valid_until: '2030-09-01T00:00:00.000Z',
  max_uses: 50,
  uses: 3,
  plans: ['standard', 'pro'],
  min_players: 8,
  created_at: '2030-05-01T10:00:00.000Z',
};
const FIVER: PromoCode = {
  ...SUMMER,
  id: 2,
  code: 'FIVER',
  percent_off: null,
  amount_off: 2550,
  currency: 'EUR',
  valid_from: null,
  valid_until: null,
  max_uses: null,
  uses: 0,
  plans: null,
  min_players: null,
};

/** /admin/promo-codes on its own: the list and the New promo code form (issue 32). */
function openPage(list: PromoCode[]) {
  let codes = list;
  answer(ep.list, () => ({ data: codes }));
  const utils = renderScreen(<PromoCodesPage />, { path: '/admin/promo-codes' });
  return { ...utils, setCodes: (next: PromoCode[]) => (codes = next) };
}

const rowOf = (code: string) => screen.findByRole('row', { name: new RegExp(code) });
const cells = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((c) => c.textContent);

describe('promo codes page (component)', () => {
  it('lists codes with their discount, dates, uses, plans and players', async () => {
    openPage([SUMMER, FIVER]);
    expect(cells(await rowOf('SUMMER10'))).toEqual(['SUMMER10', '10%', '01/06/2030 01:00:00', '01/09/2030 01:00:00', '3 / 50', 'Standard, Weapons', '8']);
    expect(cells(await rowOf('FIVER'))).toEqual(['FIVER', '€25.50', '—', '—', '0 (no limit)', 'All plans', '—']);
  });

  it('creates a code from the form, sending the endpoint body, and lists it', async () => {
    const { user, setCodes } = openPage([]);
    await screen.findByText('No promo codes yet.');
    answer(ep.create, ({ body }) => {
      const created: PromoCode = {
        ...FIVER,
        id: 3,
        code: 'WINTER',
        amount_off: body.amount_off ?? null,
        currency: body.currency ?? null,
        max_uses: 10,
        plans: ['bespoke'],
        min_players: 20,
      };
      setCodes([created]);
      return { data: created };
    });
    const form = screen.getByRole('form', { name: 'New promo code' });
    await user.type(within(form).getByLabelText('Code'), 'win-ter');
    await user.type(within(form).getByLabelText('Amount off'), '12.50');
    await user.selectOptions(within(form).getByLabelText('Currency'), 'USD');
    await user.type(within(form).getByLabelText('Valid from'), '2030-12-01');
    await user.type(within(form).getByLabelText('Maximum uses'), '10');
    await user.type(within(form).getByLabelText('Minimum players'), '20');
    await user.click(within(form).getByLabelText('Bespoke'));
    await user.click(within(form).getByRole('button', { name: 'Create promo code' }));

    await findToast('Promo code WINTER created');
    expect(callsTo(ep.create).map((c) => c.body)).toEqual([
      {
        code: 'WINTER',
        percent_off: null,
        amount_off: 1250,
        currency: 'USD',
        valid_from: '2030-12-01T00:00:00.000Z',
        valid_until: null,
        max_uses: 10,
        plans: ['bespoke'],
        min_players: 20,
      },
    ]);
    expect(cells(await rowOf('WINTER'))).toContain('$12.50');
    // The form is empty again for the next code.
    expect(within(form).getByLabelText('Code')).toHaveProperty('value', '');
  });

  it('refuses a code with no discount before asking the server', async () => {
    const { user } = openPage([]);
    const form = await screen.findByRole('form', { name: 'New promo code' });
    await user.type(within(form).getByLabelText('Code'), 'HALF');
    await user.click(within(form).getByRole('button', { name: 'Create promo code' }));
    await within(form).findByText(DISCOUNT_MESSAGES.percentOrAmount);
    expect(within(form).getByLabelText('Percent off').getAttribute('aria-invalid')).toBe('true');
    expect(callsTo(ep.create)).toEqual([]);
  });

  it("shows the server's 422 on its field: a code that already exists", async () => {
    const { user } = openPage([SUMMER]);
    answer(ep.create, failWith(422, 'The given data was invalid.', 'validation_failed', { code: [DISCOUNT_MESSAGES.codeTaken] }));
    const form = await screen.findByRole('form', { name: 'New promo code' });
    await user.type(within(form).getByLabelText('Code'), 'summer10');
    await user.type(within(form).getByLabelText('Percent off'), '15');
    await user.click(within(form).getByRole('button', { name: 'Create promo code' }));

    await within(form).findByText(DISCOUNT_MESSAGES.codeTaken);
    expect(within(form).getByLabelText('Code').getAttribute('aria-invalid')).toBe('true');
    await findToast('The given data was invalid.');
    // What was typed stays, to be corrected.
    expect(within(form).getByLabelText('Code')).toHaveProperty('value', 'summer10');
  });
});
