import { readdir, readFile, rm } from 'node:fs/promises';
import { parse } from 'csv-parse/sync';
import { afterAll, afterEach, beforeAll, beforeEach, expect } from 'vitest';
import type { ExportProgress, ExportView } from '../../shared/export.js';
import { runExport } from '../export/run-export.js';
import type { ApiRecord, ResourceSchema } from '../../shared/schema.js';
import { traverse } from '../api/paging.js';
import { startEngine, type Engine } from './test-kit.js';
import { makeTempFolder } from './temp-folder.js';

/** A view every export test uses: agreements by MRR, labels in English. */
export const AGREEMENTS: ExportView = { resource: 'agreements', sort: 'mrr.desc', lang: 'en' };

/**
 * An engine on a fast Demo, as export tests use it: a test whose faults slow the limiter down (a 503
 * storm) starts one of its own, so the tests after it do not wait for the rate to come back.
 */
export function startExportEngine(): Promise<Engine> {
  return startEngine({
    demo: {
      seed: 8,
      size: { customers: 1_500, contacts: 300, agreements: 1_400 },
      limits: { requestsPerSecond: 200, burst: 350 },
    },
    limiter: { requestsPerSecond: 200, burst: 350, baseBackoffMs: 5 },
  });
}

/**
 * Exports against the Demo API for a test file: an engine on a fast Demo (the rate limit is the
 * limiter's tests' subject; here a storm only has to be ridden out, in seconds), a fresh folder per
 * test, and the API's own view of the data to compare files with. Registers the file's hooks.
 */
export function exportKit() {
  let engine: Engine | undefined;
  let dir = '';
  beforeAll(async () => {
    engine = await startExportEngine();
  });
  afterAll(() => engine?.close());
  beforeEach(async () => {
    dir = await makeTempFolder('cdb-export-');
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));
  const started = (): Engine => {
    if (!engine) throw new Error('the engine starts in beforeAll');
    return engine;
  };
  const apiRecords = async (view: ExportView): Promise<ApiRecord[]> => {
    const records: ApiRecord[] = [];
    for await (const page of traverse(started().client, { ...view, size: 500 })) records.push(...page.rows);
    return records;
  };
  return {
    get engine() {
      return started();
    },
    /** This test's folder. */
    get dir() {
      return dir;
    },
    /** The records of a view as the API sends them (a traversal of its own). */
    apiRecords,
    /** Exports AGREEMENTS as CSV in pages of 100 to `target`, through `engine` (the file's by default). */
    exportAgreements: (
      target: string,
      signal?: AbortSignal,
      onProgress?: (progress: ExportProgress) => void,
      engine = started(),
    ) =>
      runExport(
        engine.client,
        { profile: 'Demo', view: AGREEMENTS, options: { format: 'csv', pageSize: 100 }, target },
        { signal, onProgress },
      ),
    /** Asserts that the CSV at `target` holds every agreement the API has, in its order, once. */
    expectComplete: async (target: string) => {
      const rows = parse(await readFile(target, 'utf8')).slice(1);
      const records = await apiRecords(AGREEMENTS);
      expect(rows.map((row) => row[0])).toEqual(records.map((record) => record.id));
    },
    schemaOf: async (view: ExportView): Promise<ResourceSchema> => {
      const listing = await started().client.schemas(view.lang);
      const schema = listing.schemas?.find((candidate) => candidate.resource === view.resource);
      if (!schema) throw new Error('no schema');
      return schema;
    },
    /** Files left in the export folder (temporary files included). */
    filesIn: () => readdir(dir),
  };
}
