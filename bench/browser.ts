import { chromium, type Browser } from 'playwright-core';

/**
 * The bench measures what a visitor's browser does, so it drives the full Debian Chromium (`/usr/bin/chromium`), not
 * the headless shell the browser tests use (decision 0325).
 */
export const BENCH_CHROMIUM_PATH = process.env.BENCH_CHROMIUM_PATH ?? '/usr/bin/chromium';
export const BENCH_CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-quic',
  '--no-first-run',
  '--disable-component-update',
  '--disable-sync',
];

export function launchBenchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: BENCH_CHROMIUM_PATH, headless: true, args: BENCH_CHROMIUM_FLAGS });
}
