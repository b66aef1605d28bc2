import type { CDPSession, Page } from '@playwright/test';

/** The rows' height the benches' grids share (the app's regular density, and the floor's). */
export const ROW_HEIGHT = 32;

/** Starts collecting the page's long tasks (Long Tasks API). */
export const watchLongTasks = (on: Page) =>
  on.evaluate(`
    globalThis.longTasks = [];
    new PerformanceObserver((list) => globalThis.longTasks.push(...list.getEntries().map((entry) => entry.duration)))
      .observe({ type: 'longtask' });
  `);

/** A page's grid as drawn: its columns' widths (a row's cells) and its height, header included. */
export const gridShape = (on: Page): Promise<{ widths: number[]; height: number }> =>
  on.getByTestId('grid').evaluate((grid) => ({
    widths: [...(grid.querySelector('[data-testid="row"]')?.children ?? [])].map(
      (cell) => cell.getBoundingClientRect().width,
    ),
    height: grid.clientHeight,
  }));

/** What scrolling 10,000 rows cost a grid's page. */
export interface ScrollCost {
  /** The longest main-thread task, ms. */
  longest: number;
  /** Tasks of 50 ms or more. */
  longTasks: number;
  /** The main thread's busy time per 1,000 rows, ms. */
  busyPerThousand: number;
  rowsPerSecond: number;
  /** Row slots on screen with no row drawn in them, summed over every step (counted only when asked). */
  blankSlots: number;
}

/**
 * The scroll measurements of one page's grid (the app's or the floor's, both marked
 * `data-testid="grid"`, their rows `data-testid="row"` with `aria-rowindex`, the header row 1).
 */
export function scrollerOf(on: Page, session: CDPSession) {
  const scrolled = on.getByTestId('grid');
  /** The last row on screen, counted from 1. */
  const lastRowShown = () =>
    scrolled.evaluate((element) =>
      Math.max(
        0,
        ...[...element.querySelectorAll('[data-testid="row"]')].map(
          (row) => Number(row.getAttribute('aria-rowindex')) - 1,
        ),
      ),
    );

  /**
   * Row slots below the header with no row drawn across them, at a point in the first cell's
   * column: what a person would see blank (a row drawn as a placeholder counts as drawn).
   */
  const blankSlots = () =>
    scrolled.evaluate((element, height) => {
      const box = element.getBoundingClientRect();
      const header = element.firstElementChild?.getBoundingClientRect().height ?? height;
      let blank = 0;
      for (let y = box.top + header + height / 2; y < box.bottom - 1; y += height) {
        const hit = element.ownerDocument.elementFromPoint(box.left + 20, y);
        if (!hit?.closest('[data-testid="row"], .skeleton-row')) blank++;
      }
      return blank;
    }, ROW_HEIGHT);

  /** Resolves in the page's next animation frame. */
  const nextFrame = () =>
    on.evaluate(
      () =>
        new Promise<void>((resolve) =>
          (
            globalThis as unknown as { requestAnimationFrame: (then: () => void) => void }
          ).requestAnimationFrame(resolve),
        ),
    );

  /** Scrolls down `step` px a frame until row `rows` is on screen; counts blank slots when asked. */
  async function scrollTo(rows: number, step = 2_000, countBlank = false): Promise<number> {
    const deadline = Date.now() + 600_000;
    let blank = 0;
    while ((await lastRowShown()) < rows) {
      await scrolled.evaluate((element, by) => (element.scrollTop += by), step);
      // Counted as the next frame paints: its scroll event (where a grid draws the rows the new
      // position shows) comes before its animation frame callbacks. Counted at once, a frame that
      // had not come yet read as blank rows nobody sees.
      if (countBlank) blank += await nextFrame().then(blankSlots);
      if (Date.now() > deadline) throw new Error(`scrolling stalled at row ${await lastRowShown()}`);
      await on.waitForTimeout(16);
    }
    return blank;
  }

  /** The main thread's busy time so far (CDP's TaskDuration), in ms. */
  const busyMs = async () =>
    ((await session.send('Performance.getMetrics')).metrics.find((metric) => metric.name === 'TaskDuration')
      ?.value ?? NaN) * 1000;
  /** The long tasks since the last call: the longest, in ms, and how many. */
  const takeLongTasks = () =>
    on.evaluate(() => {
      const tasks = (globalThis as { longTasks?: number[] }).longTasks ?? [];
      const taken = { longest: Math.max(0, ...tasks), count: tasks.length };
      tasks.length = 0;
      return taken;
    });

  /** Scrolls `rows` rows (10,000 unless said) from row `from`, `step` px a frame. */
  async function scrollRows(
    from: number,
    { rows = 10_000, step = 2_000, countBlank = false } = {},
  ): Promise<ScrollCost> {
    await takeLongTasks();
    const busyBefore = await busyMs();
    const at = Date.now();
    const blank = await scrollTo(from + rows, step, countBlank);
    const seconds = (Date.now() - at) / 1000;
    const tasks = await takeLongTasks();
    return {
      longest: tasks.longest,
      longTasks: tasks.count,
      busyPerThousand: (((await busyMs()) - busyBefore) / rows) * 1_000,
      rowsPerSecond: rows / seconds,
      blankSlots: blank,
    };
  }
  const scrollTenThousand = (from: number) => scrollRows(from);

  /**
   * What the scroll script itself costs the page per 1,000 rows in steps of `step` px: the same
   * calls as scrolling 10,000 rows, without moving. Taken off both grids' busy time, so that their
   * ratio compares the grids, not the script measuring them.
   */
  async function scriptPerThousand(step = 2_000, rows = 10_000): Promise<number> {
    const before = await busyMs();
    for (let taken = 0; taken < (rows * ROW_HEIGHT) / step; taken++) {
      await scrolled.evaluate((element) => element.scrollTop);
      await lastRowShown();
      await on.waitForTimeout(16);
    }
    return (((await busyMs()) - before) / rows) * 1_000;
  }

  return { grid: scrolled, lastRowShown, scrollTo, scrollRows, scrollTenThousand, scriptPerThousand };
}
