/**
 * How much longer a read or an export takes, as a person watches it: the estimate from the pace so
 * far counts down with the clock and does not go up for a pace's wobble (a page that took longer,
 * a moment the screen's requests went first): "12 s left" becoming "16 s left" reads as going
 * backwards. It is raised only when the pace has really changed — the estimate half as much again
 * and two seconds above what is shown (another read now shares the rate) — and follows any
 * estimate below it at once. A drop followed by a rise within a few seconds is read by a person
 * (and drawn by a screen that samples) as a rise from before the drop: the raise is measured
 * against the higher of the two.
 */
export class TimeLeft {
  private shown: { seconds: number; at: number } | undefined;
  /** What was shown just before the last drop, while a rise after it would still read as going up from it. */
  private beforeDrop: { seconds: number; at: number } | undefined;

  /** The time left to show at `now` (ms), given the estimate from the pace so far (s). */
  update(estimate: number | undefined, now: number): number | undefined {
    if (estimate === undefined) return this.shown && countdown(this.shown, now);
    const shown = this.shown && countdown(this.shown, now);
    if (this.beforeDrop && now - this.beforeDrop.at > DROP_SEEN_MS) this.beforeDrop = undefined;
    const raiseFrom = Math.max(shown ?? 0, this.beforeDrop ? countdown(this.beforeDrop, now) : 0);
    let seconds: number;
    if (shown === undefined || estimate > raiseFrom * RAISED_BY + RAISED_PLUS) seconds = estimate;
    else if (estimate < shown) {
      if (!this.beforeDrop || countdown(this.beforeDrop, now) < shown)
        this.beforeDrop = { seconds: shown, at: now };
      seconds = estimate;
    } else seconds = shown;
    this.shown = { seconds, at: now };
    return seconds;
  }
}

function countdown({ seconds, at }: { seconds: number; at: number }, now: number): number {
  return Math.max(0, seconds - (now - at) / 1000);
}

/** An estimate this much above the time shown (times, plus seconds) is a pace that changed. */
const RAISED_BY = 1.5;
const RAISED_PLUS = 2;
/** How long after a drop a rise is still seen as one from before it: a screen's few samples and a glance. */
const DROP_SEEN_MS = 5_000;
