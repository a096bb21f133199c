import lighthouse from 'lighthouse';
import { launch } from 'chrome-launcher';
import { BENCH_CHROMIUM_FLAGS, BENCH_CHROMIUM_PATH } from './browser';

export type LighthouseFigures = {
  performance_score: number;
  first_contentful_paint_ms: number;
  largest_contentful_paint_ms: number;
  total_blocking_time_ms: number;
  cumulative_layout_shift: number;
  speed_index_ms: number;
  lighthouse_version: string;
  form_factor: string;
  /** Lighthouse's own error code when the run failed (its score is then 0 and is not a measurement). */
  runtime_error?: string;
};

/**
 * Lighthouse's performance category for `url`, in Debian's Chromium, with Lighthouse's default mobile preset
 * (simulated throttling: 4x CPU slowdown, slow 4G). The same flags as the browser tests: the machine's network is closed.
 */
export async function lighthousePerformance(url: string): Promise<LighthouseFigures> {
  const chrome = await launch({
    chromePath: BENCH_CHROMIUM_PATH,
    chromeFlags: BENCH_CHROMIUM_FLAGS,
  });
  try {
    const result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] });
    if (!result) throw new Error('Lighthouse gave no result');
    const { lhr } = result;
    const audit = (id: string) => Math.round(lhr.audits[id]?.numericValue ?? Number.NaN);
    return {
      performance_score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
      first_contentful_paint_ms: audit('first-contentful-paint'),
      largest_contentful_paint_ms: audit('largest-contentful-paint'),
      total_blocking_time_ms: audit('total-blocking-time'),
      cumulative_layout_shift: Math.round((lhr.audits['cumulative-layout-shift']?.numericValue ?? Number.NaN) * 1000) / 1000,
      speed_index_ms: audit('speed-index'),
      lighthouse_version: lhr.lighthouseVersion,
      form_factor: lhr.configSettings.formFactor,
      ...(lhr.runtimeError ? { runtime_error: `${lhr.runtimeError.code}: ${lhr.runtimeError.message}` } : {}),
    };
  } finally {
    chrome.kill();
  }
}
