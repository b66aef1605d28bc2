import { setImmediate as nextTurn } from 'node:timers/promises';

/**
 * Work on a million held rows takes longer than a frame. It runs in slices of at most this long,
 * the process's thread answering other requests (the next key typed, IPC, the limiter) between
 * them: no task of the main process over 50 ms while the user types.
 */
export const SLICE_MS = 8;

/** Cuts a long computation into slices, and stops it when its signal aborts (a newer search). */
export class Slicer {
  private sliceStart = performance.now();

  constructor(private readonly signal?: AbortSignal) {}

  /** Lets the thread go when the current slice has lasted long enough; throws once cancelled. */
  async pause(): Promise<void> {
    if (performance.now() - this.sliceStart < SLICE_MS) return;
    await nextTurn();
    this.signal?.throwIfAborted();
    this.sliceStart = performance.now();
  }
}

/** Rows sorted apart before their runs are merged, and outputs merged between two pauses. */
const RUN = 2_048;

/** `items` sorted by `compare` (stable), a slice at a time. */
export async function sortInSlices(
  items: readonly number[],
  compare: (a: number, b: number) => number,
  slicer: Slicer,
): Promise<number[]> {
  let from = [...items];
  for (let start = 0; start < from.length; start += RUN) {
    const run = from.slice(start, start + RUN).sort(compare);
    for (let index = 0; index < run.length; index++) from[start + index] = run[index] ?? 0;
    await slicer.pause();
  }
  let into = new Array<number>(from.length);
  for (let width = RUN; width < from.length; width *= 2) {
    for (let left = 0; left < from.length; left += 2 * width) {
      const middle = Math.min(left + width, from.length);
      const right = Math.min(left + 2 * width, from.length);
      let a = left;
      let b = middle;
      for (let out = left; out < right; out++) {
        const first = from[a] ?? 0;
        const second = from[b] ?? 0;
        // Stable: on a tie the earlier run goes first.
        if (b >= right || (a < middle && compare(first, second) <= 0)) {
          into[out] = first;
          a++;
        } else {
          into[out] = second;
          b++;
        }
        if ((out & (RUN - 1)) === 0) await slicer.pause();
      }
    }
    [from, into] = [into, from];
  }
  return from;
}
