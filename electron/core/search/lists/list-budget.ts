import type { HeldList } from './held-list-state.js';

/**
 * A list used this recently is in use (a screen shows it, a search or the finder reads it): it is
 * never dropped to make room for another, which would read it again as soon as it is next used.
 */
const IN_USE_MS = 10 * 60_000;

/**
 * Whether `budgetBytes` holds `list` as read so far beside the other lists `held` (the least
 * recently used first): a list whose pages say it cannot fit is refused as soon as they do; else
 * lists nobody uses now are dropped (`drop`) to make room, the least recently used first, and never
 * one in use: two lists in use that pushed each other out would read each other again for ever.
 */
export function fitsBudget(
  list: HeldList,
  held: readonly HeldList[],
  budgetBytes: number,
  drop: (other: HeldList) => void,
): boolean {
  // Records of shapes no estimate can be trusted for (record-bytes.ts): not holdable, and no other list dropped for it.
  if (!Number.isFinite((list.reader?.rows ?? list.rows).bytes)) return false;
  const estimate = list.estimateWhole();
  if (estimate !== undefined && estimate > budgetBytes) {
    list.estimatedBytes = estimate;
    return false;
  }
  let bytes = held.reduce((sum, other) => sum + other.bytes, 0);
  const now = Date.now();
  for (const other of held) {
    if (bytes <= budgetBytes) break;
    if (other === list || other.reading || now - other.lastUsed < IN_USE_MS) continue;
    bytes -= other.bytes;
    drop(other);
  }
  return bytes <= budgetBytes;
}
