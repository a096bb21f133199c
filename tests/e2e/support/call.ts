import type { Page } from 'playwright-core';

export type CallResult = { status: number; json: unknown };

/**
 * Calls the API from inside the page, with the page's own session cookie and CSRF token, as the screens do: for
 * setting up what a journey needs (a booking, a payment) without clicking through other screens first.
 */
export async function call(page: Page, method: string, url: string, body?: unknown, headers: Record<string, string> = {}): Promise<CallResult> {
  return page.evaluate(
    async ({ method, url, body, headers }) => {
      const token = document.querySelector<HTMLMetaElement>('meta[name="csrf-token"]')?.content ?? '';
      const res = await fetch(url, {
        method,
        headers: { 'Content-Type': 'application/json', 'X-CSRF-TOKEN': token, ...headers },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await res.text();
      try {
        return { status: res.status, json: text ? (JSON.parse(text) as unknown) : null };
      } catch {
        return { status: res.status, json: text };
      }
    },
    { method, url, body, headers },
  );
}
