import { once } from 'node:events';
import { connect, type Socket } from 'node:net';
import { API_PATH, SESSION_HEADER } from '../../shared/contract/wire.js';

/** A request to the browser host whose body is held back: what a test sends, and reads, next. */
export interface HalfSent {
  socket: Socket;
  /** Everything the host has answered on it so far. */
  answer(): string;
  /** Settles when the connection ends. */
  closed: Promise<unknown>;
}

/**
 * Sends `request`'s headers (the body's length included, with `Expect: 100-continue`) to the host
 * at `origin`, and resolves once the host asks for the body: it has the request, and is answering it.
 */
export async function halfSent(
  origin: string,
  session: string,
  request: string,
  body: string,
): Promise<HalfSent> {
  const port = Number(new URL(origin).port);
  const socket = connect(port, '127.0.0.1');
  let answer = '';
  socket.on('data', (chunk: Buffer) => (answer += chunk.toString()));
  const closed = once(socket, 'close');
  socket.write(
    [
      `POST ${API_PATH}${request} HTTP/1.1`,
      `Host: 127.0.0.1:${port}`,
      `${SESSION_HEADER}: ${session}`,
      'Content-Type: application/json',
      `Content-Length: ${Buffer.byteLength(body)}`,
      'Expect: 100-continue',
      '',
      '',
    ].join('\r\n'),
  );
  while (!answer.includes('100 Continue')) await once(socket, 'data');
  return { socket, answer: () => answer, closed };
}
