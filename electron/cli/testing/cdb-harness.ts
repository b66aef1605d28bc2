import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { rm } from 'node:fs/promises';

import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import type { DemoApiOptions } from '../../demo-api/testing/faults.js';
import { recordsOf, startTestApi, type TestApi } from '../../demo-api/testing/test-api.js';
import { makeTempFolder } from '../../core/testing/temp-folder.js';

/** The `cdb` command as installed (`bin` of package.json). */
export const CDB = join(import.meta.dirname, '../../../bin/cdb.mjs');

/** How a `cdb` run ended. */
export interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** A session bus that is not there: `cdb` finds no keychain. */
export const NO_KEYCHAIN = { DBUS_SESSION_BUS_ADDRESS: 'unix:path=/nonexistent/bus' };

/**
 * `cdb` as administrators run it, for a test file: a process of its own talking to a Demo API of
 * the file's over HTTP, with a data folder and an output folder of its own for each test, and the
 * real keychain of the test session. Registers the file's hooks.
 */
export function cdbHarness(demo: DemoApiOptions) {
  let api: TestApi | undefined;
  let dataDir = '';
  let outDir = '';
  beforeAll(async () => {
    api = await startTestApi(demo);
  });
  afterAll(() => api?.close());
  beforeEach(async () => {
    dataDir = await makeTempFolder('cdb-data-');
    outDir = await makeTempFolder('cdb-out-');
    return async () => {
      await rm(dataDir, { recursive: true, force: true });
      await rm(outDir, { recursive: true, force: true });
    };
  });
  const demoApi = (): TestApi => {
    if (!api) throw new Error('the Demo API starts in beforeAll');
    return api;
  };
  return {
    get api() {
      return demoApi();
    },
    get dataDir() {
      return dataDir;
    },
    get outDir() {
      return outDir;
    },
    /** Runs `cdb args…` to its end, with `input` on stdin. */
    cdb: async (
      args: string[],
      { env = {}, input = '' }: { env?: Record<string, string>; input?: string } = {},
    ): Promise<Run> => {
      const child = spawn(process.execPath, [CDB, ...args], {
        env: { ...process.env, CDB_DATA_DIR: dataDir, ...env },
        stdio: 'pipe',
      });
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      child.stdin.end(input);
      const [code] = (await once(child, 'exit')) as [number | null];
      return { code, stdout, stderr };
    },
    /** The flags of the Demo's connection (the secret goes in the environment). */
    connection: () => {
      const { baseUrl, authUrl, clientId } = demoApi();
      return ['--base-url', baseUrl, '--auth-url', authUrl, '--client-id', clientId];
    },
    withSecret: () => ({ CDB_CLIENT_SECRET: demoApi().clientSecret }),
    /** The records of one whole traversal of `path`, asked of the Demo itself. */
    apiRecords: async (path: string, params: Record<string, string>, language?: string) =>
      recordsOf(await demoApi().traverse(path, { size: '500', ...params }, { language })),
  };
}
