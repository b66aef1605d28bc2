import type { ExportProgress } from '../../shared/export.js';
import { TimeLeft } from '../time-left.js';

const PROGRESS_INTERVAL_MS = 250;

/** An export's progress, told to `onProgress` at most every PROGRESS_INTERVAL_MS with its rate and time left. */
export function progressTracker(onProgress: ((progress: ExportProgress) => void) | undefined) {
  const started = performance.now();
  const progress: ExportProgress = {
    records: 0,
    scanned: 0,
    pages: 0,
    recordsPerSecond: 0,
    restarted: false,
    cutCells: 0,
  };
  let lastReport = 0;
  const timeLeft = new TimeLeft();
  const seconds = () => (performance.now() - started) / 1000;
  return {
    progress,
    seconds,
    /** Tells the progress, unless it was told less than an interval ago (`force`: now). */
    report: (force = false) => {
      const now = performance.now();
      if (!force && now - lastReport < PROGRESS_INTERVAL_MS) return;
      lastReport = now;
      const elapsed = seconds();
      progress.recordsPerSecond = elapsed > 0 ? progress.records / elapsed : 0;
      const scannedPerSecond = elapsed > 0 ? progress.scanned / elapsed : 0;
      const estimate =
        progress.total !== undefined && scannedPerSecond > 0
          ? Math.max(0, (progress.total - progress.scanned) / scannedPerSecond)
          : undefined;
      const left = timeLeft.update(estimate, now);
      if (left !== undefined) progress.etaSeconds = left;
      onProgress?.({ ...progress });
    },
  };
}
