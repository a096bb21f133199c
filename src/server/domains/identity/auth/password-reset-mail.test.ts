import { describe, expect, it } from 'vitest';
import { MASKED_TOKEN, maskResetLinks, passwordResetMail } from './password-reset-mail';
import { signInLinkMail } from './sign-in-link-mail';

describe('maskResetLinks', () => {
  it('hides the token of every reset link, whatever the origin, and nothing else', () => {
    const mail = passwordResetMail({ name: 'Hal', email: 'hal@example.test' }, 'https://play.example.test/', 'tok_EN-123');
    const masked = maskResetLinks(`${mail.text}\nAgain: http://localhost:3000/reset-password/other?x=1 and https://play.example.test/hatch/ABC123`);
    expect(masked).not.toContain('tok_EN-123');
    expect(masked).toContain(`https://play.example.test/reset-password/${MASKED_TOKEN}\n`);
    expect(masked).toContain(`http://localhost:3000/reset-password/${MASKED_TOKEN}?x=1`);
    expect(masked).toContain('https://play.example.test/hatch/ABC123');
    expect(masked).toContain('Hi Hal,');
  });

  it('hides the token of a mailed sign-in link too (decision 0528)', () => {
    const mail = signInLinkMail({ name: 'Hal', email: 'hal@example.test' }, 'https://play.example.test', 'sign_IN-456', 15);
    const masked = maskResetLinks(mail.text);
    expect(masked).not.toContain('sign_IN-456');
    expect(masked).toContain(`https://play.example.test/sign-in/${MASKED_TOKEN}\n`);
  });

  it('leaves a mail without a reset link as it is', () => {
    expect(maskResetLinks('Your game is on Friday.\nhttps://x.test/reset-password-help')).toBe('Your game is on Friday.\nhttps://x.test/reset-password-help');
  });
});
