import { lookup } from 'node:dns/promises';
import { hostname } from 'node:os';
import { isLoopbackName } from '../../shared/loopback.js';

/**
 * This machine as an office network names it: its host name, which the system resolves (Debian's
 * /etc/hosts) to one of its own addresses. Unlike `localhost` or 127.0.0.1, that name is not
 * loopback to the client, so a proxy is used for it: the way to put a test API behind a real proxy.
 */
export async function officeHost(): Promise<{ name: string; address: string }> {
  const name = hostname().toLowerCase();
  if (isLoopbackName(name))
    throw new Error(`this machine's host name "${name}" names loopback: give it another`);
  const { address } = await lookup(name, { family: 4 }).catch((error: unknown) => {
    throw new Error(`this machine's host name "${name}" does not resolve (add it to /etc/hosts)`, {
      cause: error,
    });
  });
  return { name, address };
}
