import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app';

/**
 * Issue 28: in production /api/docs served the reference page under the docs plugin's own CSP (inline styles, fonts
 * and styles from any https origin, the validator's images), weaker than the app's. Decided: production serves no
 * reference page, only the OpenAPI JSON under the app's one strict CSP; development and tests keep the page. Since
 * decision 0605 that CSP is the API answers' (nothing may load, run, post or frame), stricter than the pages'.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ NODE_ENV: 'production', TEST_PASSWORD_COST: '', PUBLIC_URL: 'https://hatch.example' });
});
afterAll(async () => t.close());

describe('the API reference in production', () => {
  it('serves the OpenAPI JSON under the same strict CSP as every API answer', async () => {
    const api = await t.app.inject({ method: 'GET', url: '/api/pricing' });
    const json = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(json.statusCode).toBe(200);
    expect(Object.keys(json.json<{ paths: Record<string, unknown> }>().paths)).toContain('/api/pricing');
    expect(String(api.headers['content-security-policy'])).toMatch(/^default-src 'none';.*frame-ancestors 'none'/);
    expect(json.headers['content-security-policy']).toBe(api.headers['content-security-policy']);
  });

  it('serves no reference page or its assets, so no weaker CSP is ever sent', async () => {
    const strict = (await t.app.inject({ method: 'GET', url: '/api/pricing' })).headers['content-security-policy'];
    for (const url of ['/api/docs', '/api/docs/', '/api/docs/static/index.html', '/api/docs/static/swagger-ui.css']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect({ url, status: res.statusCode, csp: res.headers['content-security-policy'] }).toEqual({ url, status: 404, csp: strict });
    }
  });
});
