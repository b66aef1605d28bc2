import { describe, expect, it, vi } from 'vitest';
import { RowPlace, RowViewport } from './row-viewport';

const box = { viewportHeight: 32 * 20 + 30, headerHeight: 30 };
const rows = { rowCount: 100_000, rowHeight: 32, overscan: 10 };

/** A viewport whose rows were drawn as it asked: what a render does with its answer. */
function drawnAsAsked(viewport: RowViewport, placed: ReturnType<RowViewport['follow']>) {
  if (placed?.draw) viewport.rendered(placed.draw);
  return placed;
}

describe('the rows a scroll element draws', () => {
  it('places nothing before the box is measured, and reads no scroll position for it', () => {
    const readScrollTop = vi.fn(() => 0);
    expect(new RowViewport().follow(rows, undefined, readScrollTop)).toBeUndefined();
    expect(readScrollTop).not.toHaveBeenCalled();
  });

  it('reads the scroll position once when no scroll event told it, then follows the events', () => {
    const viewport = new RowViewport();
    const readScrollTop = vi.fn(() => 3_200);
    const first = drawnAsAsked(viewport, viewport.follow(rows, box, readScrollTop));
    expect(first?.draw?.from).toBeLessThanOrEqual(100);
    expect(first?.draw?.to).toBeGreaterThanOrEqual(119);
    viewport.follow(rows, box, readScrollTop);
    expect(readScrollTop).toHaveBeenCalledTimes(1);
    viewport.scrolled(32 * 5_000);
    const far = viewport.follow(rows, box, readScrollTop);
    expect(far?.draw?.from).toBeLessThanOrEqual(5_000);
    expect(far?.draw?.to).toBeGreaterThanOrEqual(5_019);
    expect(readScrollTop).toHaveBeenCalledTimes(1);
  });

  it('asks for no new rows while the screen stays within those drawn: only the layer moves', () => {
    const viewport = new RowViewport();
    drawnAsAsked(
      viewport,
      viewport.follow(rows, box, () => 0),
    );
    viewport.scrolled(32);
    const step = viewport.follow(rows, box, () => 0);
    expect(step?.draw).toBeUndefined();
    expect(step?.layerTop).toBe(0);
  });

  it('draws the rows of a place being opened before the scroll position gets there, its top never', () => {
    const viewport = new RowViewport();
    const readScrollTop = vi.fn(() => 0);
    const opening = viewport.follow({ ...rows, openAt: 40_000 }, box, readScrollTop);
    expect(opening?.draw?.from).toBeGreaterThan(39_900);
    expect(opening?.draw?.from).toBeLessThanOrEqual(40_000);
    expect(readScrollTop).not.toHaveBeenCalled();
  });

  it('keeps the layer with the scroll position past the browser’s height limit (3 million rows)', () => {
    const viewport = new RowViewport();
    const many = { ...rows, rowCount: 3_000_000 };
    const place = new RowPlace();
    for (const scrollTop of [0, 1_000_000, 4_000_000, 30_000_000]) {
      viewport.scrolled(scrollTop);
      // The rows move with the layer of the anchor they were drawn with, until a render draws others.
      const asked = drawnAsAsked(
        viewport,
        viewport.follow(many, box, () => 0, place),
      );
      const placed = viewport.follow(many, box, () => 0, place);
      expect(placed?.draw).toBeUndefined();
      const start = place.rowAtTop(scrollTop) ?? -1;
      // The row at the top of the screen is drawn at the screen's top edge.
      const rowTop = (placed?.layerTop ?? 0) + (start - (asked?.draw?.anchor ?? -1)) * 32;
      expect(rowTop).toBeCloseTo(scrollTop, 3);
    }
  });
});
