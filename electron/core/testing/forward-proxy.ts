import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { readFile, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { get } from 'node:http';
import { join } from 'node:path';

/** A real forward proxy (Debian's tinyproxy) on 127.0.0.1, as an office puts in front of the internet. */
export interface ForwardProxy {
  /** Its address, `http://127.0.0.1:PORT` (with no credentials in it). */
  url: string;
  port: number;
  /** The request lines it was sent, in order (`CONNECT host:port HTTP/1.1`, `GET http://… HTTP/1.1`), from its log. */
  requests(): Promise<string[]>;
  close(): Promise<void>;
}

const START_ATTEMPTS = 3;
const START_TIMEOUT_MS = 10_000;
const PROBE_TIMEOUT_MS = 500;
/** The request line of the start-up probe (tinyproxyAnswers), which is not the test's. */
const PROBE_REQUEST = 'GET / HTTP/1.1';

/** A free port on 127.0.0.1 (asked of the system, then given back for the proxy to take). */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** True once a tinyproxy answers on 127.0.0.1:`port` (its `Server` header names it). */
function tinyproxyAnswers(port: number): Promise<boolean> {
  // Probed by asking, never by listening: a probe that listens holds the port for a moment, and
  // tinyproxy starting in that moment cannot bind it and exits (71). A bare connect could reach
  // another process that took the port first.
  return new Promise((resolve) => {
    const request = get({ host: '127.0.0.1', port, path: '/', agent: false }, (response) => {
      response.resume();
      resolve(String(response.headers.server).startsWith('tinyproxy/'));
    });
    // Something else on the port may never answer: the probe gives up and asks again.
    request.setTimeout(PROBE_TIMEOUT_MS, () => request.destroy());
    request.once('error', () => resolve(false));
  });
}

/** Where the proxy on `port` writes its log. */
const logOf = (dir: string, port: number) => join(dir, `tinyproxy-${port}.log`);

/** Tries one port: the proxy, or why it did not start (it exited, or did not answer in time). */
async function tryStart(
  dir: string,
  port: number,
  credentials?: { user: string; password: string },
): Promise<{ child: ChildProcess } | { failure: string }> {
  const config = join(dir, `tinyproxy-${port}.conf`);
  await writeFile(
    config,
    [
      `Port ${port}`,
      'Listen 127.0.0.1',
      'Timeout 30',
      'MaxClients 50',
      // Connect is the level that logs each request line (and not the chatter of Info).
      'LogLevel Connect',
      `LogFile "${logOf(dir, port)}"`,
      'Allow 127.0.0.1',
      ...(credentials ? [`BasicAuth ${credentials.user} ${credentials.password}`] : []),
      '',
    ].join('\n'),
  );
  const child = spawn('tinyproxy', ['-d', '-c', config], { stdio: 'ignore' });
  await once(child, 'spawn');
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    const answers = await tinyproxyAnswers(port);
    if (child.exitCode !== null) return { failure: `exited ${child.exitCode}` };
    if (answers) return { child };
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  child.kill();
  return { failure: `did not answer in ${START_TIMEOUT_MS} ms` };
}

/**
 * Starts tinyproxy in the foreground with a configuration of the test's own in `dir`: it forwards
 * http:// requests (adding its `Via` header) and tunnels https:// ones (CONNECT), logs each request, and asks for `credentials` (Basic, answering 407) when given.
 * A port taken by another process between being found free and tinyproxy binding it makes tinyproxy
 * exit: it is tried again on another port.
 */
export async function startForwardProxy(
  dir: string,
  credentials?: { user: string; password: string },
): Promise<ForwardProxy> {
  const failures: string[] = [];
  for (let attempt = 0; attempt < START_ATTEMPTS; attempt++) {
    const port = await freePort();
    const started = await tryStart(dir, port, credentials);
    if ('failure' in started) {
      failures.push(`port ${port}: ${started.failure}`);
      continue;
    }
    const { child } = started;
    return {
      url: `http://127.0.0.1:${port}`,
      port,
      requests: async () =>
        [
          ...(await readFile(logOf(dir, port), 'utf8').catch(() => '')).matchAll(
            /: Request \(file descriptor \d+\): (.*)$/gm,
          ),
        ]
          .map(([, line = '']) => line)
          .filter((line) => line !== PROBE_REQUEST),
      close: async () => {
        if (child.exitCode !== null) return;
        child.kill();
        await once(child, 'exit');
      },
    };
  }
  throw new Error(`tinyproxy did not start (${failures.join('; ')})`);
}
