import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { z } from 'zod';
import { RESOURCES, type Resource } from '../shared/api-rules.js';
import type { SortKey } from './ordering.js';

/**
 * Bumped whenever the stored fields change shape: older cursors then fail, as the spec warns
 * ("A pagination cursor can become invalid if the schema evolves").
 */
const CURSOR_VERSION = 1;
const IV_BYTES = 12;
const TAG_BYTES = 16;
const BASE64URL = /^[A-Za-z0-9_-]+$/;

/** What a cursor is bound to: one resource, one customer scope, one sort (spec rule 3). */
export interface CursorScope {
  resource: Resource;
  customerId: number | null;
  sort: string;
}

const payloadSchema = z.object({
  v: z.literal(CURSOR_VERSION),
  r: z.enum(RESOURCES),
  c: z.number().int().nullable(),
  s: z.string(),
  k: z.tuple([z.union([z.number(), z.string(), z.null()]), z.string(), z.number().int(), z.number().int()]),
});

/** Why a cursor was refused; the server answers 400 with this message. */
export class CursorError extends Error {}

/**
 * Stateless keyset cursors (spec rule 6): the last row's sort key and the cursor's scope, sealed
 * with AES-256-GCM. Sealed rather than only signed because a sort key holds a name, and cursors
 * travel in URLs that proxies log; the GCM tag makes a tampered or foreign cursor fail to open.
 */
export class CursorCodec {
  /** `key`: 32 bytes, private to this server. */
  constructor(private readonly key: Buffer) {}

  encode(scope: CursorScope, key: SortKey): string {
    const payload = JSON.stringify({
      v: CURSOR_VERSION,
      r: scope.resource,
      c: scope.customerId,
      s: scope.sort,
      k: key,
    });
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const sealed = Buffer.concat([cipher.update(payload, 'utf8'), cipher.final()]);
    return Buffer.concat([iv, sealed, cipher.getAuthTag()]).toString('base64url');
  }

  /** The sort key a cursor carries, after checking it was issued here for this very scope. */
  decode(cursor: string, scope: CursorScope): SortKey {
    const { r, c, s, k } = this.open(cursor);
    if (r !== scope.resource || c !== scope.customerId) {
      throw new CursorError('invalid cursor: it belongs to another list');
    }
    if (s !== scope.sort) {
      throw new CursorError(
        `invalid cursor: it was issued for sort "${s || 'default'}", keep the same sort on every page`,
      );
    }
    return k;
  }

  private open(cursor: string): z.infer<typeof payloadSchema> {
    const bytes = BASE64URL.test(cursor) ? Buffer.from(cursor, 'base64url') : Buffer.alloc(0);
    if (bytes.length <= IV_BYTES + TAG_BYTES) {
      throw new CursorError('invalid cursor: not a cursor of this API');
    }
    let payload: string;
    try {
      const decipher = createDecipheriv('aes-256-gcm', this.key, bytes.subarray(0, IV_BYTES));
      decipher.setAuthTag(bytes.subarray(bytes.length - TAG_BYTES));
      payload = Buffer.concat([
        decipher.update(bytes.subarray(IV_BYTES, bytes.length - TAG_BYTES)),
        decipher.final(),
      ]).toString('utf8');
    } catch {
      throw new CursorError('invalid cursor: it was altered or issued by another server');
    }
    const parsed = payloadSchema.safeParse(safeJson(payload));
    if (!parsed.success) {
      throw new CursorError('invalid cursor: it is no longer valid, start again from the first page');
    }
    return parsed.data;
  }
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
