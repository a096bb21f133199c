import { describe, expect, it } from 'vitest';
import { waitFor } from '@testing-library/react';
import { authEndpoints } from '../../src/shared/api/endpoints/auth';
import { hostEndpoints } from '../../src/shared/api/endpoints/host';
import { HostConsolePage } from '../../src/web/features/host/host-console-page';
import { answer, callsTo, failWith } from './support/network';
import { renderScreen } from './support/render';

/**
 * A logged-out /host/CODE (issue 28) showed "Loading..." for 3.4 s: the console's 401 was retried twice, with the
 * retry delay, before the login page. A 401 is an answer: the console goes to the login page on the first one.
 */
describe('host console when logged out (component)', () => {
  it('goes to the login page on the first 401, without asking again', async () => {
    answer(authEndpoints.me, failWith(401, 'Unauthenticated.'));
    answer(hostEndpoints.console, failWith(401, 'Unauthenticated.'));
    answer(hostEndpoints.stream, failWith(401, 'Unauthenticated.'));
    const { location } = renderScreen(<HostConsolePage />, { path: '/host/GAME01', route: '/host/:code' });
    await waitFor(() => expect(location()).toBe(`/login?next=${encodeURIComponent('/host/GAME01')}`), { timeout: 5_000 });
    expect(callsTo(hostEndpoints.console)).toHaveLength(1);
  });
});
