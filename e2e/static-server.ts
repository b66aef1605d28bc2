import { createReadStream, existsSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize, sep } from 'node:path';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
};

/** Serves a built folder on 127.0.0.1 (module scripts do not load from file:// in Chromium). */
export async function serveFolder(root: string): Promise<{ url: string; server: Server }> {
  if (!existsSync(join(root, 'index.html')))
    throw new Error(`${root}/index.html is missing: run npm run build`);
  const server = createServer((request, response) => {
    const path = normalize(join(root, new URL(request.url ?? '/', 'http://x').pathname));
    const file = path.endsWith(sep) ? join(path, 'index.html') : path;
    if (!file.startsWith(root) || !existsSync(file)) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' });
    createReadStream(file).pipe(response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`, server };
}
