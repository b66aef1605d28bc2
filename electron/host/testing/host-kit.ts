import { mkdir, rm, writeFile } from 'node:fs/promises';

import { join } from 'node:path';
import { afterAll, beforeAll, expect } from 'vitest';
import type { RequestName } from '../../shared/contract/contract.js';
import { AppCore } from '../../core/service/app-core.js';
import { testVault } from '../../core/testing/test-kit.js';
import { startDemoApi, type DemoApi } from '../../demo-api/testing/faults.js';
import { startHost, type RunningHost } from '../host-server.js';
import { HostTestClient } from './test-client.js';
import { makeTempFolder } from '../../core/testing/temp-folder.js';

/**
 * The browser host for a test file, over real HTTP: the real core with the real keychain of the
 * test session, a Demo API to connect to (`remote`), and a client that keeps every payload it saw
 * (`client.seen`), to prove no secret is ever in one. Registers the file's hooks.
 */
export function hostKit() {
  let dir = '';
  let core: AppCore | undefined;
  let host: RunningHost | undefined;
  let remote: DemoApi | undefined;
  let client: HostTestClient | undefined;
  let closeEvents = () => undefined as void;
  beforeAll(async () => {
    dir = await makeTempFolder('cdb-host-');
    await mkdir(join(dir, 'renderer'));
    await writeFile(join(dir, 'renderer', 'index.html'), '<!doctype html><title>renderer</title>');
    remote = await startDemoApi({ size: { customers: 120, contacts: 200, agreements: 400 } });
    core = await AppCore.open({
      dataDir: join(dir, 'data'),
      exportDir: join(dir, 'exports'),
      vault: testVault(),
      startDemo: () => startDemoApi({ size: { customers: 150, contacts: 200, agreements: 600 } }),
    });
    host = await startHost({ core, rendererDir: join(dir, 'renderer') });
    client = new HostTestClient(host);
    closeEvents = client.listen();
  });
  afterAll(async () => {
    closeEvents();
    await host?.close();
    await core?.close();
    await remote?.close();
    await rm(dir, { recursive: true, force: true });
  });
  const started = <T>(part: T | undefined): T => {
    if (part === undefined) throw new Error('the host starts in beforeAll');
    return part;
  };
  const kit = {
    get dir() {
      return dir;
    },
    get core() {
      return started(core);
    },
    get host() {
      return started(host);
    },
    get remote() {
      return started(remote);
    },
    get client() {
      return started(client);
    },
    /** Calls a request that must succeed, and returns its value. */
    ok: async (name: RequestName, argument: unknown): Promise<any> => {
      const answer = await kit.client.call(name, argument);
      expect(answer.body, `${name} ${JSON.stringify(answer.body)}`).toMatchObject({ ok: true });
      return answer.body.value;
    },
    /** Waits until `condition` holds, failing after `ms` with `what`. */
    until: async (condition: () => boolean, what: string, ms = 15_000): Promise<void> => {
      const began = Date.now();
      while (!condition()) {
        if (Date.now() - began > ms) throw new Error(`timed out waiting for ${what}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
  };
  return kit;
}
