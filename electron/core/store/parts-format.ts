/**
 * A tree of plain data holding large strings and typed arrays (a held list: held-rows.ts, dump) as
 * bytes: a JSON manifest, where each large string and typed array stands as a reference, then each
 * of them as it is in memory (one byte a character for Latin-1 text, the array's own bytes). Written
 * and read back as the bytes come (PartsReader), with no text escaped or parsed character by character; kept-lists.ts seals it.
 * The manifest comes from code, never from a server's records (nested values are held as JSON text),
 * so a reference cannot be forged by data.
 */

const TYPED = {
  u8: Uint8Array,
  u16: Uint16Array,
  u32: Uint32Array,
  i32: Int32Array,
  f64: Float64Array,
} as const;
type TypedName = keyof typeof TYPED;

/** A string longer than this is a part of its own, not in the manifest. */
const LONG_TEXT = 256;
/** Marks a reference in the manifest: an object with this one key. */
const REFERENCE = '\u0000';
const BEYOND_LATIN1 = /[\u0100-\uffff]/;

type PartKind = 'latin1' | 'utf16le' | TypedName;
const KINDS: readonly PartKind[] = ['latin1', 'utf16le', 'u8', 'u16', 'u32', 'i32', 'f64'];

/** The tree as buffers to write one after the other. */
export function toParts(value: unknown): Buffer[] {
  const parts: Buffer[] = [];
  const kinds: PartKind[] = [];
  const manifest = JSON.stringify(value, (_key, item: unknown) => {
    if (ArrayBuffer.isView(item)) {
      const name = typedName(item);
      parts.push(Buffer.from(item.buffer, item.byteOffset, item.byteLength));
      kinds.push(name);
      return { [REFERENCE]: parts.length - 1 };
    }
    if (typeof item === 'string' && item.length > LONG_TEXT) {
      const wide = BEYOND_LATIN1.test(item);
      parts.push(Buffer.from(item, wide ? 'utf16le' : 'latin1'));
      kinds.push(wide ? 'utf16le' : 'latin1');
      return { [REFERENCE]: parts.length - 1 };
    }
    return item;
  });
  const head = Buffer.from(JSON.stringify({ manifest, kinds }), 'utf8');
  const out: Buffer[] = [lengthOf(head.length), head];
  for (const part of parts) out.push(lengthOf(part.length), part);
  return out;
}

/**
 * Reads back what `toParts` wrote, one tree after another, as their bytes come (a file decrypted a
 * chunk at a time: no copy of the whole in memory), each string and typed array made as soon as its
 * bytes are there; `trees` gives them once every byte was pushed, and throws on bytes `toParts` did
 * not write. `bytes`, when known, is how many will be pushed in all: no item is taken as longer.
 */
export class PartsReader {
  constructor(private bytesLeft?: number) {}

  private pending: Buffer[] = [];
  private pendingBytes = 0;
  /** The tree being read: its manifest, and the parts read of it so far. */
  private current: { manifest: string; kinds: PartKind[]; parts: unknown[] } | undefined;
  private readonly done: unknown[] = [];

  push(chunk: Buffer): void {
    this.pending.push(chunk);
    this.pendingBytes += chunk.length;
    for (let item = this.take(); item; item = this.take()) {
      if (!this.current) {
        const head = JSON.parse(item.toString('utf8')) as { manifest: string; kinds: PartKind[] };
        this.current = { ...head, parts: [] };
      } else {
        const { kinds, parts } = this.current;
        const kind = kinds[parts.length];
        if (kind === undefined || !KINDS.includes(kind)) throw new RangeError(`unknown part ${String(kind)}`);
        if (kind === 'latin1' || kind === 'utf16le') parts.push(item.toString(kind));
        else {
          const Type = TYPED[kind];
          // A copy: the bytes of a typed array must start at a multiple of its element size.
          const copy = new Uint8Array(item);
          parts.push(new Type(copy.buffer, 0, copy.byteLength / Type.BYTES_PER_ELEMENT));
        }
      }
      if (this.current.parts.length === this.current.kinds.length) {
        this.done.push(resolved(this.current.manifest, this.current.parts));
        this.current = undefined;
      }
    }
  }

  /** The trees read, in the order they were written. */
  trees(): unknown[] {
    if (this.current || this.pendingBytes !== 0) throw new RangeError('truncated');
    return this.done;
  }

  /**
   * The next whole item (its length, then its bytes), when its bytes are all there: the chunks
   * waiting are joined once, when the item is whole (joined at every chunk, an item of many
   * megabytes was copied again for each). A length past what the body can still hold is refused.
   */
  private take(): Buffer | undefined {
    if (this.pendingBytes < 4) return undefined;
    const first = this.pending[0]!;
    const length = (first.length >= 4 ? first : Buffer.concat(this.pending).subarray(0, 4)).readUInt32LE(0);
    if (this.bytesLeft !== undefined && 4 + length > this.bytesLeft)
      throw new RangeError('an item longer than what is left');
    if (this.pendingBytes < 4 + length) return undefined;
    const joined = this.pending.length === 1 ? first : Buffer.concat(this.pending);
    if (this.bytesLeft !== undefined) this.bytesLeft -= 4 + length;
    const item = joined.subarray(4, 4 + length);
    const rest = joined.subarray(4 + length);
    this.pending = rest.length ? [rest] : [];
    this.pendingBytes = rest.length;
    return item;
  }
}

/** A manifest with its references replaced by the parts they name. */
function resolved(manifest: string, parts: readonly unknown[]): unknown {
  return JSON.parse(manifest, (_key, item: unknown) => {
    if (typeof item === 'object' && item !== null && !Array.isArray(item)) {
      const keys = Object.keys(item);
      if (keys.length === 1 && keys[0] === REFERENCE) {
        const part = parts[(item as Record<string, number>)[REFERENCE] ?? -1];
        if (part === undefined) throw new RangeError('a reference to no part');
        return part;
      }
    }
    return item;
  });
}

function typedName(array: ArrayBufferView): TypedName {
  for (const [name, Type] of Object.entries(TYPED)) if (array instanceof Type) return name as TypedName;
  throw new TypeError(`no part kind for ${array.constructor.name}`);
}

function lengthOf(length: number): Buffer {
  const buffer = Buffer.alloc(4);
  buffer.writeUInt32LE(length);
  return buffer;
}
