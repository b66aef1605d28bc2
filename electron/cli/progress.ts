import type { ExportProgress } from '../shared/export.js';

const BAR_WIDTH = 24;
const PLAIN_EVERY_MS = 2_000;

const count = (value: number) => Math.round(value).toLocaleString('en');

function duration(seconds: number): string {
  const whole = Math.round(seconds);
  const minutes = Math.floor(whole / 60);
  return `${minutes}:${String(whole % 60).padStart(2, '0')}`;
}

/** One line of progress: rows, share of the view, pace and time left. */
export function describeProgress(progress: ExportProgress): string {
  const parts = [`${count(progress.records)} rows`];
  if (progress.total !== undefined) {
    parts[0] +=
      progress.scanned !== progress.records
        ? ` (${count(progress.scanned)} of ${count(progress.total)} scanned)`
        : ` of ${count(progress.total)}`;
  }
  parts.push(`${count(progress.recordsPerSecond)} rows/s`);
  if (progress.etaSeconds !== undefined) parts.push(`${duration(progress.etaSeconds)} left`);
  if (progress.restarted) parts.push('restarted after an invalid cursor');
  return parts.join(' · ');
}

/**
 * Progress on stderr: a bar redrawn in place on a terminal, a plain line every few seconds
 * otherwise (a log file or a pipe).
 */
export function progressReporter(
  stream: NodeJS.WriteStream | { write(text: string): unknown; isTTY?: boolean },
) {
  let lastPlain = 0;
  let drawn = false;
  return {
    update(progress: ExportProgress): void {
      if (stream.isTTY) {
        const share = progress.total ? Math.min(1, progress.scanned / progress.total) : 0;
        const filled = Math.round(share * BAR_WIDTH);
        const bar = progress.total
          ? `[${'#'.repeat(filled)}${'.'.repeat(BAR_WIDTH - filled)}] ${Math.floor(share * 100)}% `
          : '';
        stream.write(`\r\x1b[2K${bar}${describeProgress(progress)}`);
        drawn = true;
        return;
      }
      const now = Date.now();
      if (now - lastPlain < PLAIN_EVERY_MS) return;
      lastPlain = now;
      stream.write(`${describeProgress(progress)}\n`);
    },
    /** Ends the bar's line so the next message starts on its own. */
    end(): void {
      if (drawn) stream.write('\n');
      drawn = false;
    },
  };
}
