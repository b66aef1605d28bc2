/**
 * Who is waiting (docs/architecture.md, "Limiter"): the page on screen, then prefetch, then exports,
 * then what nobody asked for yet (search prepared at idle), which also keeps to a share of the rate.
 */
export type Priority = 'interactive' | 'prefetch' | 'export' | 'background';
const RANK: Record<Priority, number> = { interactive: 0, prefetch: 1, export: 2, background: 3 };

/** What the queue needs to know of a job. */
export interface Queued {
  priority: Priority;
  /** Not before this time (a retry's backoff), on the limiter's monotonic clock. */
  notBefore: number;
}

/**
 * The limiter's waiting jobs: the next one is the most urgent of those whose time has come, first
 * come first served within a priority (a retried job keeps its place).
 */
export class JobQueue<Job extends Queued> {
  private readonly jobs: { job: Job; sequence: number }[] = [];
  private sequence = 0;
  private readonly sequences = new WeakMap<Job, number>();

  get length(): number {
    return this.jobs.length;
  }

  add(job: Job): void {
    let sequence = this.sequences.get(job);
    if (sequence === undefined) this.sequences.set(job, (sequence = this.sequence++));
    this.jobs.push({ job, sequence });
  }

  /** Takes `job` out; false if it was not waiting. */
  remove(job: Job): boolean {
    const index = this.jobs.findIndex((entry) => entry.job === job);
    if (index >= 0) this.jobs.splice(index, 1);
    return index >= 0;
  }

  /** Empties the queue, returning what waited. */
  drain(): Job[] {
    return this.jobs.splice(0).map((entry) => entry.job);
  }

  /** The job to start at `now`, if any may start (a background one only when `background` allows). */
  next(now: number, background = true): Job | undefined {
    let best: { job: Job; sequence: number } | undefined;
    for (const entry of this.jobs) {
      if (entry.job.notBefore > now || (!background && entry.job.priority === 'background')) continue;
      const rank = RANK[entry.job.priority];
      if (
        !best ||
        rank < RANK[best.job.priority] ||
        (rank === RANK[best.job.priority] && entry.sequence < best.sequence)
      ) {
        best = entry;
      }
    }
    return best?.job;
  }

  /** Whether a background job waits. */
  get hasBackground(): boolean {
    return this.jobs.some((entry) => entry.job.priority === 'background');
  }

  /** The earliest time a job held back by its backoff may start, or Infinity. */
  nextRelease(now: number): number {
    let at = Infinity;
    for (const { job } of this.jobs) if (job.notBefore > now) at = Math.min(at, job.notBefore);
    return at;
  }
}
