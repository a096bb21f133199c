import { describe, expect, it } from 'vitest';
import { waitFor } from '@testing-library/react';
import { authEndpoints } from '../../src/shared/api/endpoints/auth';
import { ACCOUNT_MESSAGES } from '../../src/shared/api/auth';
import { ResetPasswordPage } from '../../src/web/features/auth/reset-password-page';
import { answer, callsTo, failWith } from './support/network';
import { renderScreen, screen } from './support/render';

/**
 * /reset-password/{token}, the mailed link's page (issue 28): the link is checked as the page opens, so a used or
 * expired one says so at once instead of after the booker typed a new password twice. What the server counts and
 * refuses is tests/api/staff-passwords.test.ts.
 */
const open = (token = 'link-token-123') => renderScreen(<ResetPasswordPage />, { path: `/reset-password/${token}`, route: '/reset-password/:token' });

describe('the reset link page (component)', () => {
  it('says a used or expired link is dead at once, with the way to a new one, and shows no form', async () => {
    answer(authEndpoints.checkPasswordReset, failWith(404, ACCOUNT_MESSAGES.resetInvalid, 'not_found'));
    open();
    expect((await screen.findByRole('alert')).textContent).toBe(ACCOUNT_MESSAGES.resetInvalid);
    expect(screen.getByRole('link', { name: 'Ask for a new link' }).getAttribute('href')).toBe('/forgot-password');
    expect(screen.queryByLabelText('New password')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Set new password' })).toBeNull();
    expect(callsTo(authEndpoints.checkPasswordReset).map((c) => c.body)).toEqual([{ token: 'link-token-123' }]);
    expect(callsTo(authEndpoints.confirmPasswordReset)).toEqual([]);
  });

  it('shows the form for a good link and sets the password', async () => {
    answer(authEndpoints.checkPasswordReset, { valid: true });
    answer(authEndpoints.confirmPasswordReset, { message: ACCOUNT_MESSAGES.resetDone });
    const { user } = open();
    await user.type(await screen.findByLabelText('New password'), 'velvet harbour compass nine');
    await user.type(screen.getByLabelText('New password again'), 'velvet harbour compass nine');
    await user.click(screen.getByRole('button', { name: 'Set new password' }));
    expect((await screen.findByRole('status')).textContent).toBe(ACCOUNT_MESSAGES.resetDone);
    expect(callsTo(authEndpoints.confirmPasswordReset).map((c) => c.body)).toEqual([{ token: 'link-token-123', password: 'velvet harbour compass nine' }]);
  });

  it('says to wait when the address made too many tries, and still shows the form when the check cannot be made', async () => {
    answer(authEndpoints.checkPasswordReset, failWith(429, ACCOUNT_MESSAGES.tooManyAttempts, 'rate_limited'));
    const first = open();
    expect((await screen.findByRole('alert')).textContent).toBe(ACCOUNT_MESSAGES.tooManyAttempts);
    expect(screen.queryByLabelText('New password')).toBeNull();
    first.unmount();

    // The network dropped the check: the form is there, and its submit says what the server says.
    answer(authEndpoints.checkPasswordReset, () => {
      throw new TypeError('Failed to fetch');
    });
    open();
    await waitFor(() => expect(screen.getByLabelText('New password')).toBeTruthy());
  });
});
