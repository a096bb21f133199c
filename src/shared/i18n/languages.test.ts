import { describe, expect, it } from 'vitest';
import { languageFromAcceptLanguage, localeOf, negotiateLanguage } from './languages';

describe('the one language rule', () => {
  it('takes ?lang first, then the kept cookie, then Accept-Language, then English', () => {
    expect(negotiateLanguage({ query: 'nl', cookie: 'fr', acceptLanguage: 'de' })).toBe('nl');
    expect(negotiateLanguage({ query: 'xx', cookie: 'fr', acceptLanguage: 'de' })).toBe('fr');
    expect(negotiateLanguage({ cookie: 'zz', acceptLanguage: 'de-AT,de;q=0.9' })).toBe('de');
    expect(negotiateLanguage({ acceptLanguage: 'ja, zh;q=0.8' })).toBe('en');
    expect(negotiateLanguage({})).toBe('en');
  });

  it('puts a signed-in staff member’s own language after ?lang and before the cookie (decision 0620)', () => {
    expect(negotiateLanguage({ account: 'de', cookie: 'fr', acceptLanguage: 'nl' })).toBe('de');
    expect(negotiateLanguage({ query: 'es', account: 'de', cookie: 'fr' })).toBe('es');
    expect(negotiateLanguage({ account: null, cookie: 'fr', acceptLanguage: 'nl' })).toBe('fr');
  });

  it('reads Accept-Language by weight, the earlier tag on a tie, skipping q=0 and languages we do not speak', () => {
    expect(languageFromAcceptLanguage('fr;q=0.4, es;q=0.9, de;q=0.9')).toBe('es');
    expect(languageFromAcceptLanguage('ja, nl-BE;q=0.5')).toBe('nl');
    expect(languageFromAcceptLanguage('de;q=0, en;q=0.1')).toBe('en');
    expect(languageFromAcceptLanguage('*')).toBeNull();
    expect(languageFromAcceptLanguage('')).toBeNull();
  });

  it('gives each language its reader’s locale', () => {
    expect(localeOf('de')).toBe('de-DE');
    expect(localeOf('en')).toBe('en-GB');
  });
});
