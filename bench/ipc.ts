// One 500-row page from core to the renderer through the browser host, in a real Chromium: the
// time the renderer waits for `data.listPage` (median, p95), next to core's own time for the same
// pages, so the difference is what the host's HTTP and JSON add.
// Run: node --expose-gc --import tsx bench/ipc.ts (builds the renderer first).
import type { AppApi } from '../electron/shared/contract/contract.js';
import { openAppInChromium } from './lib/app-in-chromium.js';
import { percentiles, report } from './lib/report.js';

const SAMPLES = 100;
/** Between two samples the limiter (20/s) gets its token back, so the figures are delivery, not waiting. */
const PAUSE_MS = 60;

const { core, page, close } = await openAppInChromium({
  size: { customers: 2_000, contacts: 0, agreements: 20_000 },
  limits: { requestsPerSecond: 1e6, burst: 1e6 },
});

const request = {
  view: { resource: 'agreements' as const, sort: 'mrr.desc' },
  size: 500,
  lang: 'en' as const,
};
// Core alone, in this process: the same requests without the host in between.
const coreTimes: number[] = [];
for (let i = 0; i < SAMPLES; i++) {
  await new Promise((resolve) => setTimeout(resolve, PAUSE_MS));
  const begin = performance.now();
  await core.handlers['data.listPage'](request);
  coreTimes.push(performance.now() - begin);
}
const rendererTimes = await page.evaluate(
  async ({ request: call, samples, pause }) => {
    const api = (globalThis as { api?: AppApi }).api;
    if (!api) throw new Error('no window.api');
    const times: number[] = [];
    for (let i = 0; i < samples; i++) {
      await new Promise((resolve) => setTimeout(resolve, pause));
      const begin = performance.now();
      const result = await api.invoke('data.listPage', call);
      if (!result.ok || result.value.rows.length !== 500) throw new Error('the page did not arrive');
      times.push(performance.now() - begin);
    }
    return times;
  },
  { request, samples: SAMPLES, pause: PAUSE_MS },
);
await close();

const inRenderer = percentiles(rendererTimes);
const inCore = percentiles(coreTimes);
report('ipc', [
  { figure: '500-row page, renderer ← host ← core, median', value: inRenderer.median, unit: 'ms' },
  { figure: '500-row page, renderer ← host ← core, p95', value: inRenderer.p95, unit: 'ms' },
  { figure: 'same page in core alone (Demo API call), median', value: inCore.median, unit: 'ms' },
  { figure: 'same page in core alone, p95', value: inCore.p95, unit: 'ms' },
  { figure: 'what the host adds, median', value: inRenderer.median - inCore.median, unit: 'ms' },
]);
