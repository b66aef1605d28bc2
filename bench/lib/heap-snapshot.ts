// What a V8 heap snapshot (a .heapsnapshot file, as `--heapsnapshot-signal` writes it) holds, by kind:
// the nodes' own sizes summed by the snapshot's node types, typed arrays' data (V8 lists their
// buffers as native nodes) apart. A desk's host writes snapshots of several hundred MB: the file is
// read as bytes, its nodes scanned as numbers, and only its strings table parsed as JSON.
import { readFile } from 'node:fs/promises';

/** The kinds a host's memory is told in, and the snapshot's node types each gathers. */
const KINDS = {
  "typed arrays' data": [],
  strings: ['string', 'concatenated string', 'sliced string'],
  'arrays (V8 FixedArrays: elements, hash tables)': ['array'],
  objects: ['object', 'regexp', 'symbol', 'bigint', 'number'],
  'code and functions': ['code', 'closure'],
  "V8's own (shapes, internals)": ['hidden', 'object shape', 'synthetic', 'native', 'wasm object'],
} as const;
export type HeapKind = keyof typeof KINDS;

export interface HeapSummary {
  /** Bytes by kind; they add up to `total`. */
  kinds: Record<HeapKind, number>;
  total: number;
  nodes: number;
  /** The constructors whose objects (and their arrays) weigh most: name → bytes, heaviest first. */
  heaviest: [string, number][];
}

const ARRAY_BUFFER_DATA = 'system / JSArrayBufferData';

/** The numbers of a JSON array of integers in `bytes`, from just after its `[`. */
function integersFrom(bytes: Buffer, start: number, count: number): Float64Array {
  const values = new Float64Array(count);
  let at = start;
  for (let index = 0; index < count; index++) {
    while (bytes[at]! < 48 || bytes[at]! > 57) at++;
    let value = 0;
    while (bytes[at]! >= 48 && bytes[at]! <= 57) value = value * 10 + bytes[at++]! - 48;
    values[index] = value;
  }
  return values;
}

/** A snapshot file's memory by kind. */
export async function summariseHeapSnapshot(path: string): Promise<HeapSummary> {
  const bytes = await readFile(path);
  const nodesAt = bytes.indexOf('"nodes":[');
  const header = JSON.parse(`${bytes.toString('utf8', 0, bytes.lastIndexOf(',', nodesAt))}}`) as {
    snapshot: { meta: { node_fields: string[]; node_types: [string[]] }; node_count: number };
  };
  const { meta, node_count: nodeCount } = header.snapshot;
  const width = meta.node_fields.length;
  const [typeField, nameField, sizeField] = ['type', 'name', 'self_size'].map((field) =>
    meta.node_fields.indexOf(field),
  ) as [number, number, number];
  const nodes = integersFrom(bytes, nodesAt + '"nodes":['.length, nodeCount * width);
  const stringsAt = bytes.lastIndexOf('"strings":[');
  const strings = JSON.parse(
    bytes.toString('utf8', stringsAt + '"strings":'.length, bytes.lastIndexOf(']') + 1),
  ) as string[];

  const kindOfType = new Map<string, HeapKind>();
  for (const [kind, types] of Object.entries(KINDS) as [HeapKind, readonly string[]][])
    for (const type of types) kindOfType.set(type, kind);
  const kinds = Object.fromEntries(Object.keys(KINDS).map((kind) => [kind, 0])) as Record<HeapKind, number>;
  const byName = new Map<string, number>();
  let total = 0;
  for (let at = 0; at < nodes.length; at += width) {
    const type = meta.node_types[0][nodes[at + typeField]!]!;
    const size = nodes[at + sizeField]!;
    const name = strings[nodes[at + nameField]!]!;
    const kind =
      type === 'native' && name === ARRAY_BUFFER_DATA ? "typed arrays' data" : kindOfType.get(type);
    kinds[kind ?? "V8's own (shapes, internals)"] += size;
    total += size;
    if (type === 'object' || type === 'array') byName.set(name, (byName.get(name) ?? 0) + size);
  }
  const heaviest = [...byName].sort((a, b) => b[1] - a[1]).slice(0, 6);
  return { kinds, total, nodes: nodeCount, heaviest };
}
