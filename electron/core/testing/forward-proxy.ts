import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { join } from 'node:path';

/** A real forward proxy (Debian's tinyproxy) on 127.0.0.1, as an office puts in front of the internet. */
export interface ForwardProxy {
  /** Its address, `http://127.0.0.1:PORT` (with no credentials in it). */
  url: string;
  port: number;
  close(): Promise<void>;
}

/** A free port on 127.0.0.1 (asked of the system, then given back for the proxy to take). */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/**
 * Starts tinyproxy in the foreground with a configuration of the test's own in `dir`: it adds a
 * `Via` header to what it forwards, and asks for `credentials` (Basic, answering 407) when given.
 */
export async function startForwardProxy(
  dir: string,
  credentials?: { user: string; password: string },
): Promise<ForwardProxy> {
  const port = await freePort();
  const config = join(dir, `tinyproxy-${port}.conf`);
  await writeFile(
    config,
    [
      `Port ${port}`,
      'Listen 127.0.0.1',
      'Timeout 30',
      'MaxClients 50',
      'LogLevel Critical',
      'Allow 127.0.0.1',
      ...(credentials ? [`BasicAuth ${credentials.user} ${credentials.password}`] : []),
      '',
    ].join('\n'),
  );
  const child = spawn('tinyproxy', ['-d', '-c', config], { stdio: 'ignore' });
  await once(child, 'spawn');
  // Ready when it accepts connections.
  for (let tries = 0; ; tries++) {
    const ready = await new Promise<boolean>((resolve) => {
      const socket = createServer().listen(port, '127.0.0.1');
      socket.once('listening', () => socket.close(() => resolve(false)));
      socket.once('error', () => resolve(true));
    });
    if (ready) break;
    if (tries > 200 || child.exitCode !== null) throw new Error('tinyproxy did not start');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    close: async () => {
      if (child.exitCode !== null) return;
      child.kill();
      await once(child, 'exit');
    },
  };
}
