import { describe, expect, it } from 'vitest';
import { adminPricingEndpoints as ep } from '../../src/shared/api/endpoints/pricing';
import { PRICE_MESSAGES, type AdminPricing } from '../../src/shared/api/pricing';
import { PricesPage } from '../../src/web/features/admin-prices/prices-page';
import { answer, callsTo, failWith } from './support/network';
import { findToast, renderScreen, screen, within } from './support/render';

const feature = { text: 'Up to 500 players' };
function listIn(currency: 'GBP' | 'USD', standard: number): AdminPricing {
  const symbol = currency === 'GBP' ? '£' : '$';
  return {
    currency,
    plans: [
      {
        type: 'standard',
        name: 'Standard',
        description: 'd',
        price: standard,
        formatted_amount: `${symbol}${standard}`,
        features: [feature],
        is_active: true,
        is_recommended: false,
        list_price: standard,
        sale_price: null,
      },
      {
        type: 'pro',
        name: 'Weapons',
        description: 'd',
        price: 18.5,
        formatted_amount: `${symbol}18.50`,
        features: [],
        is_active: true,
        is_recommended: true,
        is_sale: true,
        original_price: 20,
        original_formatted_amount: `${symbol}20`,
        list_price: 20,
        sale_price: 18.5,
      },
      {
        type: 'bespoke',
        name: 'Bespoke',
        description: 'd',
        price: 25,
        formatted_amount: `${symbol}25`,
        features: [],
        is_active: false,
        is_recommended: false,
        list_price: 25,
        sale_price: null,
      },
    ],
    addons: [{ type: 'hosted', name: 'In-Person Host', description: 'd', price: 300, formatted_amount: `${symbol}300`, features: [], is_active: true }],
  };
}

function openPage() {
  let stored = { GBP: listIn('GBP', 15), USD: listIn('USD', 19) };
  answer(ep.get, ({ url }) => (url.searchParams.get('currency') === 'USD' ? stored.USD : stored.GBP));
  answer(ep.update, ({ body }) => {
    const next = listIn('GBP', body.plans?.[0]?.price ?? 15);
    stored = { ...stored, GBP: next };
    return next;
  });
  return renderScreen(<PricesPage />, { path: '/admin/prices' });
}

describe('prices page (component)', () => {
  it('shows the stored list of a currency: prices, sale prices and whether each plan is offered', async () => {
    const { user } = openPage();
    const form = await screen.findByRole('form', { name: 'Prices in GBP' });
    expect(within(form).getByLabelText('Standard price')).toHaveProperty('value', '15');
    expect(within(form).getByLabelText('Weapons price')).toHaveProperty('value', '20');
    expect(within(form).getByLabelText('Weapons sale price')).toHaveProperty('value', '18.50');
    expect(within(form).getByLabelText('Bespoke offered to bookers')).toHaveProperty('checked', false);
    expect(within(form).getByLabelText('In-Person Host price')).toHaveProperty('value', '300');
    await user.selectOptions(screen.getByLabelText('Currency'), 'USD');
    const usd = await screen.findByRole('form', { name: 'Prices in USD' });
    expect(within(usd).getByLabelText('Standard price')).toHaveProperty('value', '19');
  });

  it('saves the whole list with pence, ending a sale and offering a plan again, and shows what is stored', async () => {
    const { user } = openPage();
    const form = await screen.findByRole('form', { name: 'Prices in GBP' });
    await user.clear(within(form).getByLabelText('Standard price'));
    await user.type(within(form).getByLabelText('Standard price'), '16.75');
    await user.clear(within(form).getByLabelText('Weapons sale price'));
    await user.click(within(form).getByLabelText('Bespoke offered to bookers'));
    await user.click(within(form).getByRole('button', { name: 'Save prices' }));
    await findToast('Prices saved (GBP)');
    expect(callsTo(ep.update).map((c) => c.body)).toEqual([
      {
        currency: 'GBP',
        plans: [
          { type: 'standard', price: 16.75, is_active: true, sale_price: null, translations: {} },
          { type: 'pro', price: 20, is_active: true, sale_price: null, translations: {} },
          { type: 'bespoke', price: 25, is_active: true, sale_price: null, translations: {} },
        ],
        // Every item's translations go with it (none here), as the page shows them (decision 0630).
        addons: [{ type: 'hosted', price: 300, translations: {} }],
      },
    ]);
    expect(within(await screen.findByRole('form', { name: 'Prices in GBP' })).getByLabelText('Standard price')).toHaveProperty('value', '16.75');
  });

  it('refuses a price with three decimals and a sale price not below the price before asking the server', async () => {
    const { user } = openPage();
    const form = await screen.findByRole('form', { name: 'Prices in GBP' });
    await user.clear(within(form).getByLabelText('Standard price'));
    await user.type(within(form).getByLabelText('Standard price'), '15.999');
    await user.click(within(form).getByRole('button', { name: 'Save prices' }));
    await within(form).findByText(PRICE_MESSAGES.price);
    expect(within(form).getByLabelText('Standard price').getAttribute('aria-invalid')).toBe('true');

    await user.clear(within(form).getByLabelText('Standard price'));
    await user.type(within(form).getByLabelText('Standard price'), '15');
    await user.clear(within(form).getByLabelText('Weapons sale price'));
    await user.type(within(form).getByLabelText('Weapons sale price'), '21');
    await user.click(within(form).getByRole('button', { name: 'Save prices' }));
    await within(form).findByText(PRICE_MESSAGES.sale);
    expect(callsTo(ep.update)).toEqual([]);
  });

  it("shows the server's refusal on its field", async () => {
    const { user } = openPage();
    answer(ep.update, failWith(422, PRICE_MESSAGES.price, 'validation_failed', { 'addons.0.price': [PRICE_MESSAGES.price] }));
    const form = await screen.findByRole('form', { name: 'Prices in GBP' });
    await user.click(within(form).getByRole('button', { name: 'Save prices' }));
    await findToast(PRICE_MESSAGES.price);
    expect(within(form).getByLabelText('In-Person Host price').getAttribute('aria-invalid')).toBe('true');
  });
});
