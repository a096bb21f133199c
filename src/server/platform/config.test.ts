import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, publicOrigin } from './config';

const trustProxy = (value: string) => loadConfig({ TRUST_PROXY: value }).TRUST_PROXY;

describe('TRUST_PROXY', () => {
  it('trusts no proxy by default, or when false or 0', () => {
    expect(loadConfig({}).TRUST_PROXY).toBe(false);
    for (const value of ['false', '0', '']) expect(trustProxy(value)).toBe(false);
  });

  it('takes true as one hop, never as "believe every X-Forwarded-For entry"', () => {
    expect(trustProxy('true')).toBe(1);
    expect(trustProxy('1')).toBe(1);
    expect(trustProxy('2')).toBe(2);
  });

  it('takes a comma-separated list of proxy addresses and CIDRs', () => {
    expect(trustProxy('10.0.0.1, 192.168.0.0/16,::1,fd00::/8, loopback')).toEqual(['10.0.0.1', '192.168.0.0/16', '::1', 'fd00::/8', 'loopback']);
  });

  it('refuses anything else at start, naming the variable', () => {
    for (const value of ['yes', '10.0.0.300', '10.0.0.0/33', 'proxy.example', '11', '-1']) {
      expect(() => trustProxy(value)).toThrow(ConfigError);
      expect(() => trustProxy(value)).toThrow(/TRUST_PROXY/);
    }
  });
});

describe('publicOrigin', () => {
  it('is PUBLIC_URL without a trailing slash when set', () => {
    expect(publicOrigin(loadConfig({ PUBLIC_URL: 'https://play.hatch.test/' }))).toBe('https://play.hatch.test');
  });

  it('is otherwise the address the server listens on, fixed at start', () => {
    expect(publicOrigin(loadConfig({}))).toBe('http://localhost:3000');
    expect(publicOrigin(loadConfig({ HOST: '0.0.0.0', PORT: '8080' }))).toBe('http://localhost:8080');
    expect(publicOrigin(loadConfig({ HOST: 'hatch.internal', PORT: '80' }))).toBe('http://hatch.internal:80');
    expect(publicOrigin(loadConfig({ HOST: 'fd00::5', PORT: '80' }))).toBe('http://[fd00::5]:80');
  });
});

describe('ADMIN_PASSWORD', () => {
  it('is checked with the password rule at start, naming the variable', () => {
    expect(() => loadConfig({ ADMIN_PASSWORD: 'password' })).toThrow(/ADMIN_PASSWORD: This password is too common/);
    expect(() => loadConfig({ ADMIN_PASSWORD: 'short' })).toThrow(/ADMIN_PASSWORD: Password must be at least 8 characters/);
    expect(() => loadConfig({ ADMIN_EMAIL: 'boss@example.test', ADMIN_PASSWORD: 'boss@example.test' })).toThrow(
      /ADMIN_PASSWORD: Password must not contain the email address/,
    );
    expect(loadConfig({ ADMIN_EMAIL: 'boss@example.test', ADMIN_PASSWORD: 'e2e-staff-passphrase' }).ADMIN_PASSWORD).toBe('e2e-staff-passphrase');
  });
});

describe('payment provider settings', () => {
  it('pays by bank transfer unless Stripe is configured with its webhook secret', () => {
    const plain = loadConfig({ STRIPE_SECRET_KEY: ' ', BANK_TRANSFER_DETAILS: '' });
    expect([plain.STRIPE_SECRET_KEY, plain.BANK_TRANSFER_DETAILS]).toEqual([undefined, undefined]);
    expect(loadConfig({ STRIPE_SECRET_KEY: 'sk_test_1', STRIPE_WEBHOOK_SECRET: 'whsec_1', STRIPE_API_BASE: 'http://127.0.0.1:12111' })).toMatchObject({
      STRIPE_SECRET_KEY: 'sk_test_1',
      STRIPE_API_BASE: 'http://127.0.0.1:12111',
    });
  });

  it('refuses a secret key without the webhook signing secret, and an API base that is not a URL', () => {
    expect(() => loadConfig({ STRIPE_SECRET_KEY: 'sk_test_1' })).toThrow(/STRIPE_WEBHOOK_SECRET/);
    expect(() => loadConfig({ STRIPE_API_BASE: 'nowhere' })).toThrow(/STRIPE_API_BASE must be a URL/);
  });
});

describe('TEST_PASSWORD_COST', () => {
  it('is taken only in test mode', () => {
    expect(loadConfig({ NODE_ENV: 'test', TEST_PASSWORD_COST: 'low' }).TEST_PASSWORD_COST).toBe('low');
    expect(loadConfig({ NODE_ENV: 'test' }).TEST_PASSWORD_COST).toBeUndefined();
  });

  it('stops a production or development server at start, naming the variable', () => {
    for (const NODE_ENV of ['production', 'development', undefined]) {
      const env = { ...(NODE_ENV ? { NODE_ENV } : {}), TEST_PASSWORD_COST: 'low' };
      expect(() => loadConfig(env)).toThrow(ConfigError);
      expect(() => loadConfig(env)).toThrow(/TEST_PASSWORD_COST is for test runs only/);
    }
  });

  it('knows no other value', () => {
    expect(() => loadConfig({ NODE_ENV: 'test', TEST_PASSWORD_COST: 'none' })).toThrow(/TEST_PASSWORD_COST/);
  });
});
