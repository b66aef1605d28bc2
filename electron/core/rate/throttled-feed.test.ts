import { afterEach, describe, expect, it, vi } from 'vitest';
import { ThrottledFeed } from './throttled-feed.js';

afterEach(() => vi.useRealTimers());

describe('live figures', () => {
  it('are told at most once per interval, and once more when they have settled', () => {
    vi.useFakeTimers();
    let rate = 19;
    const told: number[] = [];
    const feed = new ThrottledFeed(() => rate, 250, 2_250);
    feed.subscribe((value) => told.push(value));
    for (let change = 0; change < 10; change++) feed.changed();
    vi.advanceTimersByTime(250);
    expect(told).toEqual([19]);
    // Nothing more is sent: the rate over the last seconds falls with time alone.
    rate = 0;
    vi.advanceTimersByTime(2_000);
    expect(told).toEqual([19, 0]);
    vi.advanceTimersByTime(10_000);
    expect(told).toEqual([19, 0]);
    feed.close();
  });
});
