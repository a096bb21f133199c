import { describe, expect, it } from 'vitest';
import { pricingEndpoint } from '../../src/shared/api/endpoints/pricing';
import { privacyEndpoints } from '../../src/shared/api/endpoints/privacy';
import { AppRoutes, preloadRoute } from '../../src/web/app/router';
import { answer } from './support/network';
import { NOTHING_PUBLISHED } from './support/privacy';
import { renderScreen, screen } from './support/render';

/**
 * The wizard's first paint (issue 37): main.tsx waits for the first page's chunks before it renders, so the page
 * comes in the first render. A page that suspended instead would show the spinner, and React keeps a boundary's
 * content back for 300 ms once its fallback has been on screen.
 */
describe("the wizard's first render (component)", () => {
  it('shows step 0 at once, with no spinner, once preloadRoute has the page', async () => {
    answer(pricingEndpoint, { currency: 'GBP', plans: [], addons: [] });
    answer(privacyEndpoints.current, NOTHING_PUBLISHED);
    await preloadRoute('/');
    renderScreen(<AppRoutes />, { path: '/', route: '*' });
    // Read right after the first render: nothing awaited.
    expect(screen.queryByText('Loading...')).toBeNull();
    expect(screen.getByRole('heading', { name: "Let's hatch your game" })).toBeTruthy();
  });

  it('still shows the page at an address no route preloads (the spinner first, then the page)', async () => {
    await preloadRoute('/no-such-page');
    renderScreen(<AppRoutes />, { path: '/no-such-page', route: '*' });
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeTruthy();
  });
});
