import { ApiError, capServerText, type ApiErrorCode } from '../engine-errors.js';

/** An HTTP answer read to the end. */
export interface HttpAnswer {
  status: number;
  headers: Headers;
  text: string;
}

export interface HttpCall {
  method?: 'GET' | 'POST';
  headers: Record<string, string>;
  body?: string;
  /** The caller's cancellation: its abort rejects with the signal's reason, not an ApiError. */
  signal?: AbortSignal;
  /** Time for the whole exchange, answer body included. */
  timeoutMs: number;
  /** What is being reached, for messages ("the token endpoint", "the API"). */
  what: string;
  /** The largest answer read (LARGEST_ANSWER_BYTES unless the caller knows what to expect). */
  maxBytes?: number;
}

export type Fetch = typeof fetch;

/**
 * The largest answer read when the caller says nothing: a server that sends more than this is not
 * sending anything the app asked for, and reading it all would only fill memory.
 */
const LARGEST_ANSWER_BYTES = 64 * 1024 * 1024;

/**
 * One HTTP exchange with a time limit on the whole of it. A refused connection or a silent server
 * becomes an ApiError ("network" or "timeout") that says what could not be reached: never a hang.
 */
export async function httpCall(fetchImpl: Fetch, url: string, call: HttpCall): Promise<HttpAnswer> {
  const timeout = AbortSignal.timeout(call.timeoutMs);
  const signal = call.signal ? AbortSignal.any([call.signal, timeout]) : timeout;
  try {
    const response = await fetchImpl(url, {
      method: call.method ?? 'GET',
      headers: call.headers,
      body: call.body,
      signal,
      // Read, never followed: a secret or a token goes only to the address it was entered for.
      redirect: 'manual',
    });
    // Chromium's fetch hides a manual redirect as an opaque one (status 0): refused all the same.
    if (response.type === 'opaqueredirect' || (response.status >= 300 && response.status < 400))
      throw await redirectRefused(response, url, call.what);
    return {
      status: response.status,
      headers: response.headers,
      text: await boundedText(response, call.what, call.maxBytes ?? LARGEST_ANSWER_BYTES),
    };
  } catch (error) {
    if (call.signal?.aborted) throw call.signal.reason;
    if (error instanceof ApiError) throw error;
    if (timeout.aborted) {
      throw new ApiError('timeout', `${call.what} did not answer within ${call.timeoutMs / 1000} s`, {
        retryable: true,
        cause: error,
      });
    }
    const cause = rootCause(error);
    if (PROXY_AUTH_REQUIRED.test(cause.message ?? '')) {
      // undici's words for a proxy's 407: said so the user knows it is the proxy, and what it wants.
      throw new ApiError(
        'network',
        `the office proxy refused to forward the request to ${call.what} at ${new URL(url).origin}: it asks for credentials (HTTP 407); put them in the proxy's address (http://user:password@proxy:port) or ask your IT department`,
        { status: 407, retryable: false, cause: error },
      );
    }
    const certificate = certificateRefusal(cause.code, new URL(url).origin, call.what);
    if (certificate)
      throw new ApiError(certificate.code, certificate.message, { retryable: false, cause: error });
    if (cause.message === FETCH_BAD_PORT) {
      const port = new URL(url).port;
      throw new ApiError(
        'network',
        `cannot reach ${call.what} at ${new URL(url).origin}: port ${port} is one that browsers and Node refuse to connect to; correct the connection's address (nothing was sent)`,
        { retryable: false, cause: error },
      );
    }
    const detail = cause.code ?? cause.message ?? (error as Error).message;
    throw new ApiError('network', `cannot reach ${call.what} at ${new URL(url).origin} (${detail})`, {
      retryable: true,
      cause: error,
    });
  }
}

/** A redirect, said with where it points: the connection's address is the fix, not a retry. */
async function redirectRefused(response: Response, url: string, what: string): Promise<ApiError> {
  await response.body?.cancel();
  const location = response.headers.get('location');
  const to = location ? ` to ${capServerText(location)}` : '';
  // An opaque redirect (Chromium's) says neither its status nor where it goes.
  const status = response.status ? ` (HTTP ${response.status})` : '';
  return new ApiError(
    'http',
    `${what} at ${new URL(url).origin} redirects${to}${status}; the app follows no redirect, so that a secret or a token only goes to the address it was entered for: correct the connection's address`,
    { status: response.status || 302, retryable: false },
  );
}

/** The body of `response` as text, refused past `maxBytes`. */
async function boundedText(response: Response, what: string, maxBytes: number): Promise<string> {
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of (response.body ?? []) as AsyncIterable<Uint8Array>) {
    size += chunk.byteLength;
    if (size > maxBytes) {
      // Leaving the loop by a throw cancels the rest of the body.
      throw new ApiError(
        'invalid-response',
        `${what} sent an answer larger than ${mebibytes(maxBytes)} MiB: it was not read`,
        { status: response.status, retryable: false },
      );
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** `bytes` in MiB, as a message says it (one decimal below ten). */
function mebibytes(bytes: number): string {
  const mib = bytes / 1024 / 1024;
  return mib < 10 ? mib.toFixed(1) : String(Math.round(mib));
}

/** Node's words for a certificate it refused, by what the user can do about it. */
const CERTIFICATE_CODES: Record<
  string,
  'certificate-untrusted' | 'certificate-expired' | 'certificate-name'
> = {
  UNABLE_TO_VERIFY_LEAF_SIGNATURE: 'certificate-untrusted',
  UNABLE_TO_GET_ISSUER_CERT: 'certificate-untrusted',
  UNABLE_TO_GET_ISSUER_CERT_LOCALLY: 'certificate-untrusted',
  SELF_SIGNED_CERT_IN_CHAIN: 'certificate-untrusted',
  DEPTH_ZERO_SELF_SIGNED_CERT: 'certificate-untrusted',
  CERT_UNTRUSTED: 'certificate-untrusted',
  CERT_HAS_EXPIRED: 'certificate-expired',
  CERT_NOT_YET_VALID: 'certificate-expired',
  ERR_TLS_CERT_ALTNAME_INVALID: 'certificate-name',
};

/**
 * A refused certificate said with the host and what to do (never "turn verification off"); the
 * code of Node's error kept in brackets for whoever supports the user.
 */
function certificateRefusal(
  code: string | undefined,
  origin: string,
  what: string,
): { code: ApiErrorCode; message: string } | undefined {
  const kind = code === undefined ? undefined : CERTIFICATE_CODES[code];
  if (kind === undefined) return undefined;
  const words = {
    'certificate-untrusted': `its certificate is signed by an authority this computer does not trust (${code}): if your company inspects HTTPS, install its root certificate in the system's store (IT has it), or keep its PEM file with the connection (cdb profile add --ca-file, or the connection form), or name it in NODE_EXTRA_CA_CERTS`,
    'certificate-expired': `its certificate is not valid now (${code}): it has expired, or this computer's clock is wrong; tell the API's owner if the clock is right`,
    'certificate-name': `its certificate is for another name (${code}): check the connection's address; something between this computer and the server may be answering in its place`,
  }[kind];
  return { code: kind, message: `cannot connect securely to ${what} at ${origin}: ${words}` };
}

/**
 * What went wrong at the bottom of `error`'s causes: undici's fetch nests them ("fetch failed", then
 * for a tunnel a "Request was cancelled" whose code is the number 0, then the socket's or the proxy's
 * own error), and only the innermost says what happened. Codes are read as strings only.
 */
function rootCause(error: unknown): { code?: string; message?: string } {
  let cause = (error as { cause?: unknown } | undefined)?.cause;
  for (let depth = 0; depth < 8 && (cause as { cause?: unknown } | undefined)?.cause; depth++)
    cause = (cause as { cause: unknown }).cause;
  if (typeof cause !== 'object' || cause === null) return {};
  const { code, message } = cause as { code?: unknown; message?: unknown };
  return {
    ...(typeof code === 'string' && { code }),
    ...(typeof message === 'string' && { message }),
  };
}

/** How undici says a proxy answered 407 (to a forwarded request or to CONNECT). */
const PROXY_AUTH_REQUIRED = /\b407\b/;

/** undici's words for a port fetch refuses (blocked-ports.ts), before any connection. */
const FETCH_BAD_PORT = 'bad port';

/** Connection failures that happen before a request is sent: the server never saw it. */
const NOT_SENT_CODES = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH']);

/**
 * True when `error` (from httpCall) proves the request never reached the server (refused before it
 * was sent, or by the proxy); false for a timeout or a connection reset, after which the server may
 * have acted on it.
 */
export function neverSent(error: unknown): boolean {
  // A certificate refused ends the handshake: no request was written.
  if (error instanceof ApiError && error.code.startsWith('certificate-')) return true;
  if (!(error instanceof ApiError) || error.code !== 'network') return false;
  // The office proxy refused to forward it (407): the server never saw it.
  if (error.status === 407) return true;
  const { code, message } = rootCause(error.cause);
  // fetch refused the port itself (blocked-ports.ts): nothing was even connected.
  if (message === FETCH_BAD_PORT) return true;
  return code !== undefined && NOT_SENT_CODES.has(code);
}

/** True when `error` (from httpCall) is about an answer the server sent whole (a redirect): the request was not lost. */
export function answeredWhole(error: unknown): boolean {
  return error instanceof ApiError && error.code === 'http' && error.status !== undefined;
}

/** The JSON of an answer's body, or undefined when it is not JSON. */
export function jsonOf(answer: HttpAnswer): unknown {
  try {
    return JSON.parse(answer.text);
  } catch {
    return undefined;
  }
}
