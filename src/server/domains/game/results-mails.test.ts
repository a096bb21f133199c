import { describe, expect, it } from 'vitest';
import { resultsMail, RESULTS_MAIL_KIND } from './results-mail';

const facts = {
  email: 'pat@example.test',
  fullName: 'Pat <Photo>',
  city: 'London',
  manageKey: 'k3y_private-0123456789abcdefghijklmnopqrstu',
  gameCode: 'ABC123',
};

describe('the results mail', () => {
  it('lists the final leaderboard and links the results page by the private key', () => {
    const mail = resultsMail(
      facts,
      [
        { rank: 1, name: 'Foxes', total: 18 },
        { rank: 2, name: 'Owls & co', total: 6 },
      ],
      'https://hatch.example/',
    );
    expect(mail.kind).toBe(RESULTS_MAIL_KIND);
    expect(mail.to).toBe('pat@example.test');
    expect(mail.subject).toBe('Your hatch results: game ABC123');
    expect(mail.text).toContain('1. Foxes: 18 points\n2. Owls & co: 6 points');
    expect(mail.text).toContain(`https://hatch.example/manage/${facts.manageKey}/results`);
    expect(mail.html).toContain('<li>Owls &amp; co: 6 points</li>');
    expect(mail.html).toContain('Hi Pat &lt;Photo&gt;,');
  });

  it('says so when no team took part', () => {
    const mail = resultsMail(facts, [], 'https://hatch.example');
    expect(mail.text).toContain('No team took part.');
  });
});
