/** One measured figure, with the target it is held to when there is one. */
export interface Figure {
  figure: string;
  value: number;
  unit: string;
  /** e.g. "< 5" or "≤ 50" (same unit as value). */
  target?: `${'<' | '>' | '≤' | '≥'} ${number}`;
}

const MARKER = 'BENCH ';

/** Whether a figure meets its target (true when it has none). */
export function meetsTarget(figure: Figure): boolean {
  if (!figure.target) return true;
  const [relation = '', limitText = ''] = figure.target.split(' ');
  const limit = Number(limitText);
  const meets: Record<string, boolean> = {
    '<': figure.value < limit,
    '>': figure.value > limit,
    '≤': figure.value <= limit,
    '≥': figure.value >= limit,
  };
  return meets[relation] ?? false;
}

/** A figure as one table row: what, value, target, and whether it was met. */
export function tableRow(bench: string, figure: Figure): Record<string, string> {
  const digits = Number.isInteger(figure.value) || figure.value >= 10 ? 0 : 2;
  return {
    bench,
    figure: figure.figure,
    value: Number.isNaN(figure.value) ? '—' : `${figure.value.toFixed(digits)} ${figure.unit}`.trim(),
    target: figure.target ? `${figure.target} ${figure.unit}`.trim() : '',
    met: figure.target ? (meetsTarget(figure) ? 'ok' : 'MISSED') : '',
  };
}

/** Prints a bench's figures as a table, and as marked JSON lines for `npm run bench` to gather. */
export function report(bench: string, figures: Figure[]): void {
  console.table(figures.map((figure) => tableRow(bench, figure)));
  if (process.env.BENCH_JSON) {
    for (const figure of figures) console.log(MARKER + JSON.stringify({ bench, ...figure }));
  }
}

/** The figures a bench printed with `report`, from its standard output. */
export function gatherFigures(output: string): (Figure & { bench: string })[] {
  return output
    .split('\n')
    .filter((line) => line.startsWith(MARKER))
    .map((line) => JSON.parse(line.slice(MARKER.length)) as Figure & { bench: string });
}

/** Median, 95th and 99th percentiles of a list of durations. */
export function percentiles(samples: number[]): { median: number; p95: number; p99: number } {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;
  return { median: at(0.5), p95: at(0.95), p99: at(0.99) };
}

/** Heap in use after a full collection (run node with --expose-gc), in MiB. */
export function settledHeapMiB(): number {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (!gc) throw new Error('run with node --expose-gc to measure memory');
  gc();
  gc();
  // The heap, and the buffers of typed arrays beside it (held lists keep their columns in them).
  const { heapUsed, arrayBuffers } = process.memoryUsage();
  return (heapUsed + arrayBuffers) / 2 ** 20;
}
