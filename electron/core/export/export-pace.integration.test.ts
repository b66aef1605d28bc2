import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ExportProgress } from '../../shared/export.js';
import { AGREEMENTS, exportKit, startExportEngine } from '../testing/export-kit.js';
import { runExport } from './run-export.js';

// An export's progress and its ride through a 503 storm, on the real clock: its reports come at
// most every 250 ms, and a storm slows the limiter down for seconds.
const kit = exportKit();
const { exportAgreements, expectComplete } = kit;

describe('an export on the real clock', () => {
  it('reports progress: records, pages, rate, the view total and an ETA', async () => {
    const seen: ExportProgress[] = [];
    // Every answer of the export at least 50 ms late: it outlasts the 250 ms between two reports
    // with pages left whatever the machine's load, so one report in the middle has a time left.
    kit.engine.demo.faults.delayNext(20, 50);
    await runExport(
      kit.engine.client,
      {
        profile: 'Demo',
        view: AGREEMENTS,
        options: { format: 'jsonl', pageSize: 100 },
        target: join(kit.dir, 'a.jsonl'),
      },
      { onProgress: (progress) => seen.push(progress) },
    );
    expect(seen.length).toBeGreaterThan(1);
    const last = seen.at(-1);
    expect(last).toMatchObject({ records: 1_400, scanned: 1_400, pages: 14, total: 1_400, restarted: false });
    expect(last?.recordsPerSecond).toBeGreaterThan(0);
    expect(seen.some((progress) => progress.etaSeconds !== undefined && progress.etaSeconds > 0)).toBe(true);
    expect(seen.map((progress) => progress.records)).toEqual(
      [...seen.map((progress) => progress.records)].sort((a, b) => a - b),
    );
  });

  it('through a 503 storm: the complete file', async () => {
    const target = join(kit.dir, 'storm.csv');
    // An engine of its own: the storm slows its limiter down for seconds.
    const engine = await startExportEngine();
    try {
      // Near the end of the 14 pages, so the slowed rate has few pages left to recover over.
      engine.demo.faults.failNext(6, {}, 11);
      await exportAgreements(target, undefined, undefined, engine);
      expect(engine.limiter.stats().overloadAnswers).toBe(6);
    } finally {
      await engine.close();
    }
    await expectComplete(target);
  });
});
