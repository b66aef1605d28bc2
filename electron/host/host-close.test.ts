import { once } from 'node:events';
import { connect } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import type { AppCore } from '../core/service/app-core.js';
import { makeTempFolder } from '../core/testing/temp-folder.js';
import { startHost, type RunningHost } from './host-server.js';
import { halfSent } from './testing/half-sent.js';

// A stop of the browser host, over real HTTP: what it has received is answered (a customer opened
// as the app closes is kept), for a bounded time; nothing new is taken.

const served: unknown[] = [];
/** An answer larger than a socket takes at once (given to a page size of 500): most of it waits in the host's buffers. */
const LARGE_ANSWER = 'x'.repeat(16 * 2 ** 20);
const core = {
  onEvent: () => () => undefined,
  serve: (_name: string, input: unknown) =>
    Promise.resolve({
      served: served.push(input),
      ...((input as { pageSize?: number }).pageSize === 500 && { text: LARGE_ANSWER }),
    }),
} as unknown as AppCore;

const hosts: RunningHost[] = [];
afterEach(async () => {
  served.length = 0;
  await Promise.all(hosts.splice(0).map((host) => host.close()));
});

async function started(closeGraceMs?: number): Promise<RunningHost> {
  const host = await startHost({
    core,
    rendererDir: await makeTempFolder('cdb-host-close-'),
    ...(closeGraceMs !== undefined && { closeGraceMs }),
  });
  hosts.push(host);
  return host;
}

const halfSentTo = (host: RunningHost, body: string) =>
  halfSent(host.origin, host.openSession(), 'settings.set', body);

/** What `host` answers to `settings.set` of `input`, whose body is sent once the host's stop began. */
async function answerAcrossStop(host: RunningHost, input: unknown): Promise<string> {
  const body = JSON.stringify(input);
  const request = await halfSentTo(host, body);
  const stopping = host.close();
  request.socket.write(body);
  await stopping;
  await request.closed;
  return request.answer();
}

describe('a stop of the browser host', () => {
  it('answers a request it has received, whose body comes after the stop began', async () => {
    const answer = await answerAcrossStop(await started(), { pageSize: 200 });
    expect(answer).toMatch(/HTTP\/1\.1 200 OK[\s\S]*\{"ok":true,"value":\{"served":1\}\}$/);
    expect(served).toEqual([{ pageSize: 200 }]);
  });

  it('ends the connections only once the answers have left, however large', async () => {
    const answer = await answerAcrossStop(await started(), { pageSize: 500 });
    expect(answer.endsWith(`"text":"${LARGE_ANSWER}"}}`)).toBe(true);
  });

  it('waits for a request that never ends only its grace, then ends it unanswered', async () => {
    const host = await started(50);
    const request = await halfSentTo(host, JSON.stringify({ pageSize: 200 }));
    await host.close();
    await request.closed;
    expect(request.answer()).not.toContain('200 OK');
    expect(served).toEqual([]);
  });

  it('takes no new connection once it began', async () => {
    const host = await started(50);
    const pending = await halfSentTo(host, '{}');
    const stopping = host.close();
    const refused = connect(Number(new URL(host.origin).port), '127.0.0.1');
    const [error] = (await once(refused, 'error')) as [NodeJS.ErrnoException];
    expect(error.code).toBe('ECONNREFUSED');
    await stopping;
    await pending.closed;
  });
});
