import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { startDemoApi, type DemoApi, type DemoApiOptions } from '../electron/demo-api/testing/faults.js';

/**
 * An API whose offset mode gives up where many real ones do (docs/api.md, "Far jumps"): the Demo
 * API behind a proxy of the test's own that refuses offset pages reaching past `offsetLimit`
 * records with a 400 "result window is too large", as search-backed APIs do, and can make deep
 * offset pages slow. Cursor pages, sorting, tokens and the rate limit are the Demo's own.
 */
export interface CappedOffsetOptions {
  demo: DemoApiOptions;
  /** Offset pages reaching past this many records are refused (HTTP 400). */
  offsetLimit: number;
  /** Offset pages starting at or past `row` wait `ms` before they are answered. */
  slowFrom?: { row: number; ms: number };
}

export interface CappedOffsetApi {
  url: string;
  demo: DemoApi;
  /** A connection to it as a user saves one. */
  profile: { name: string; baseUrl: string; authUrl: string; audience: string; clientId: string };
  /** Answers by HTTP status, and offset pages refused. */
  statuses: Map<number, number>;
  offsetRefused: () => number;
  close(): Promise<void>;
}

/** Starts the Demo API and the proxy in front of it, both on 127.0.0.1. */
export async function startCappedOffsetApi(options: CappedOffsetOptions): Promise<CappedOffsetApi> {
  const demo = await startDemoApi(options.demo);
  const statuses = new Map<number, number>();
  let refused = 0;
  const count = (status: number) => statuses.set(status, (statuses.get(status) ?? 0) + 1);

  const forward = async (request: IncomingMessage, response: ServerResponse, body: Buffer) => {
    const url = new URL(request.url ?? '/', demo.baseUrl);
    const page = url.searchParams.get('page');
    if (page !== null && !url.searchParams.has('cursor')) {
      const size = Number(url.searchParams.get('size') ?? 100);
      const from = (Number(page) - 1) * size;
      if (from + size > options.offsetLimit) {
        refused++;
        count(400);
        const message = `Result window is too large, from + size must be less than or equal to: [${options.offsetLimit}] but was [${from + size}]`;
        response.writeHead(400, { 'content-type': 'application/json' });
        return void response.end(JSON.stringify({ status: 'error', message }));
      }
      if (options.slowFrom && from >= options.slowFrom.row) await sleep(options.slowFrom.ms);
    }
    const headers: Record<string, string> = {};
    for (const name of ['authorization', 'accept-language', 'content-type', 'accept']) {
      const value = request.headers[name];
      if (typeof value === 'string') headers[name] = value;
    }
    const answer = await fetch(url, {
      method: request.method,
      headers,
      body: request.method === 'POST' ? body : undefined,
    });
    count(answer.status);
    const text = Buffer.from(await answer.arrayBuffer());
    const retryAfter = answer.headers.get('retry-after');
    response.writeHead(answer.status, {
      'content-type': answer.headers.get('content-type') ?? 'application/json',
      ...(retryAfter && { 'retry-after': retryAfter }),
    });
    response.end(text);
  };

  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      forward(request, response, Buffer.concat(chunks)).catch(() => {
        if (!response.headersSent) response.writeHead(502);
        response.end();
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    demo,
    profile: {
      name: 'Search API',
      baseUrl: url,
      authUrl: url,
      audience: demo.audience,
      clientId: demo.clientId,
    },
    statuses,
    offsetRefused: () => refused,
    close: async () => {
      await new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      });
      await demo.close();
    },
  };
}
