import { request as httpRequest } from 'node:http';
import { SESSION_HEADER, type RunningHost } from '../host-server.js';

/** What a raw HTTP call to the browser host answered. */
export interface Answer {
  status: number;
  body: any;
  headers: Record<string, string | string[] | undefined>;
}

/**
 * A test's raw HTTP client of the browser host: full control of the headers (Host included), the
 * event stream read into `events`, and every payload kept in `seen` so a test can search them all.
 */
export class HostTestClient {
  readonly seen: string[] = [];
  readonly events: { name: string; data: unknown }[] = [];
  /** The session credential this client calls with, as a page gets for its address's key. */
  readonly session: string;
  private readonly port: string;

  constructor(host: RunningHost) {
    this.port = new URL(host.origin).port;
    this.session = host.openSession();
  }

  raw(
    method: string,
    path: string,
    { body, headers = {} }: { body?: string; headers?: Record<string, string> } = {},
  ): Promise<Answer> {
    return new Promise((resolve, reject) => {
      const req = httpRequest({ host: '127.0.0.1', port: this.port, method, path, headers }, (response) => {
        let text = '';
        response.on('data', (chunk: Buffer) => (text += chunk.toString()));
        response.on('end', () => {
          this.seen.push(text);
          resolve({
            status: response.statusCode ?? 0,
            body: text.startsWith('{') ? JSON.parse(text) : text,
            headers: response.headers,
          });
        });
      });
      req.on('error', reject);
      req.end(body);
    });
  }

  /** POST /api/<name> with the session token (and any other headers). */
  call(name: string, argument: unknown, headers: Record<string, string> = {}): Promise<Answer> {
    return this.raw('POST', `/api/${name}`, {
      body: JSON.stringify(argument),
      headers: { [SESSION_HEADER]: this.session, 'content-type': 'application/json', ...headers },
    });
  }

  /** Reads the host's event stream into `events` until the returned function closes it. */
  listen(): () => void {
    const req = httpRequest(
      {
        host: '127.0.0.1',
        port: this.port,
        path: '/api/events',
        headers: { [SESSION_HEADER]: this.session },
      },
      (response) => {
        let buffer = '';
        response.on('data', (chunk: Buffer) => {
          buffer += chunk.toString();
          this.seen.push(chunk.toString());
          const blocks = buffer.split('\n\n');
          buffer = blocks.pop() ?? '';
          for (const block of blocks) {
            const name = /^event: (.+)$/m.exec(block)?.[1];
            const data = /^data: (.*)$/m.exec(block)?.[1];
            if (name && data) this.events.push({ name, data: JSON.parse(data) });
          }
        });
      },
    );
    req.on('error', () => undefined);
    req.end();
    return () => req.destroy();
  }
}
