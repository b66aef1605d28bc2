import { test } from '@playwright/test';
import { startDemoApi, type DemoApi, type DemoApiOptions } from '../electron/demo-api/testing/faults.js';
import { startHostProcess, type HostProcess } from './host-process.js';

/** A spec file's own Demo API (its data and request log the test's to read and change) and the host using it. */
export interface OwnDemo {
  demo: DemoApi;
  /** Replaced by a restart (`own.host = await own.host.restart()`). */
  host: HostProcess;
}

/**
 * Starts, for the spec file, a Demo API of its own and a browser host (started with `hostArgs`, and
 * reading the finder's lists at idle only with `prepareSearch`)
 * connected to it through a saved profile named `profileName` (its secret in the test session's
 * keychain), and stops both after the file: registers the file's hooks.
 */
export function ownDemo(
  size: NonNullable<DemoApiOptions['size']>,
  profileName: string,
  hostArgs: string[] = [],
  {
    prepareSearch = false,
    rate,
  }: {
    prepareSearch?: boolean;
    /** The API's rate and the connection's (requests a second; the burst twice it), when not the spec's. */
    rate?: number;
  } = {},
): OwnDemo {
  const own = {} as OwnDemo;
  test.beforeAll(async () => {
    const pace = rate === undefined ? undefined : { requestsPerSecond: rate, burst: rate * 2 };
    own.demo = await startDemoApi({ size, ...(pace && { limits: pace }) });
    own.host = await startHostProcess(hostArgs, {}, { prepareSearch });
    const { demo, host } = own;
    const saved = (await host.call('connection.save', {
      profile: {
        name: profileName,
        baseUrl: demo.baseUrl,
        authUrl: demo.authUrl,
        audience: demo.audience,
        clientId: demo.clientId,
        ...pace,
      },
      secret: demo.clientSecret,
    })) as { id: string };
    await host.call('connection.select', { id: saved.id });
  });
  test.afterAll(async () => {
    await own.host.stop();
    await own.demo.close();
  });
  return own;
}
