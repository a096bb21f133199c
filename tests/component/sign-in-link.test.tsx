import { describe, expect, it } from 'vitest';
import { authEndpoints } from '../../src/shared/api/endpoints/auth';
import { ACCOUNT_MESSAGES } from '../../src/shared/api/auth';
import { LoginPage } from '../../src/web/features/auth/login-page';
import { SignInLinkPage } from '../../src/web/features/auth/sign-in-link-page';
import { SignInPage } from '../../src/web/features/auth/sign-in-page';
import { answer, callsTo, failWith } from './support/network';
import { renderScreen, screen } from './support/render';

/**
 * A mailed one-time sign-in link (issue 36, decision 0528): the login page offers it, always and most of all when the
 * password is refused by the limits; what the server counts and refuses is tests/api/sign-in-link.test.ts.
 */
describe('the sign-in link (component)', () => {
  it('offers the link under the login form, and says why when the sign-in limits refuse the password', async () => {
    answer(authEndpoints.login, failWith(429, 'Too many requests. Please try again later.', 'rate_limited'));
    const { user } = renderScreen(<LoginPage />, { path: '/login', route: '/login' });
    const links = () => screen.getAllByRole('link', { name: 'Email me a sign-in link' });
    expect(links().map((a) => a.getAttribute('href'))).toEqual(['/sign-in-link']);
    await user.type(screen.getByLabelText('Email'), 'owner@example.test');
    await user.type(screen.getByLabelText('Password'), 'right password');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect((await screen.findByRole('status')).textContent).toContain('This browser cannot sign in with a password for a while.');
    expect(links()).toHaveLength(2);
  });

  it('asks for a link and shows the neutral answer', async () => {
    answer(authEndpoints.requestSignInLink, { message: ACCOUNT_MESSAGES.signInLinkRequested });
    const { user } = renderScreen(<SignInLinkPage />, { path: '/sign-in-link', route: '/sign-in-link' });
    await user.type(screen.getByLabelText('Email'), 'owner@example.test');
    await user.click(screen.getByRole('button', { name: 'Email me a sign-in link' }));
    expect((await screen.findByRole('status')).textContent).toBe(ACCOUNT_MESSAGES.signInLinkRequested);
    expect(callsTo(authEndpoints.requestSignInLink).map((c) => c.body)).toEqual([{ email: 'owner@example.test' }]);
  });

  it('says a used or expired link is dead, with the ways on', async () => {
    answer(authEndpoints.useSignInLink, failWith(404, ACCOUNT_MESSAGES.signInLinkInvalid, 'not_found'));
    const { user } = renderScreen(<SignInPage />, { path: '/sign-in/tok-123', route: '/sign-in/:token' });
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText(ACCOUNT_MESSAGES.signInLinkInvalid)).toBeTruthy();
    expect(callsTo(authEndpoints.useSignInLink).map((c) => c.body)).toEqual([{ token: 'tok-123' }]);
    expect(screen.getByRole('link', { name: 'Ask for a new link' }).getAttribute('href')).toBe('/sign-in-link');
    expect(screen.getByRole('link', { name: 'Back to login' }).getAttribute('href')).toBe('/login');
  });
});
