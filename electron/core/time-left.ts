/**
 * How much longer a read or an export takes, as a person watches it: the estimate from the pace so
 * far counts down with the clock and does not go up for a pace's wobble (a page that took longer,
 * a moment the screen's requests went first): "12 s left" becoming "16 s left" reads as going
 * backwards. It is raised only when the pace has really changed — the estimate half as much again
 * and two seconds above what is shown (another read now shares the rate) — and follows any
 * estimate below it at once.
 */
export class TimeLeft {
  private shown: { seconds: number; at: number } | undefined;

  /** The time left to show at `now` (ms), given the estimate from the pace so far (s). */
  update(estimate: number | undefined, now: number): number | undefined {
    if (estimate === undefined) return this.shown && this.countdown(now);
    const countdown = this.shown && this.countdown(now);
    const seconds =
      countdown === undefined || estimate < countdown || estimate > countdown * RAISED_BY + RAISED_PLUS
        ? estimate
        : countdown;
    this.shown = { seconds, at: now };
    return seconds;
  }

  private countdown(now: number): number {
    const { seconds, at } = this.shown ?? { seconds: 0, at: now };
    return Math.max(0, seconds - (now - at) / 1000);
  }
}

/** An estimate this much above the time shown (times, plus seconds) is a pace that changed. */
const RAISED_BY = 1.5;
const RAISED_PLUS = 2;
