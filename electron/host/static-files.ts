import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { ServerResponse } from 'node:http';
import { extname, join, normalize, sep } from 'node:path';
import { HOST_CSP } from '../shared/contract/wire.js';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
};

/** Serves a file of the built renderer (`pathname` decoded), never anything outside its folder; false when there is none. */
export async function serveStatic(
  root: string,
  pathname: string,
  response: ServerResponse,
): Promise<boolean> {
  // `pathname` is decoded already (host-server.ts refuses a malformed one).
  const relative = pathname === '/' ? 'index.html' : pathname.slice(1);
  const file = normalize(join(root, relative));
  if (file !== root && !file.startsWith(root + sep)) return false;
  const info = await stat(file).catch(() => undefined);
  if (!info?.isFile()) return false;
  response.writeHead(200, {
    'content-type': TYPES[extname(file)] ?? 'application/octet-stream',
    'content-length': info.size,
    'content-security-policy': HOST_CSP,
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'no-referrer',
    'cross-origin-opener-policy': 'same-origin',
    'cache-control': extname(file) === '.html' ? 'no-store' : 'public, max-age=3600',
  });
  createReadStream(file).pipe(response);
  return true;
}
