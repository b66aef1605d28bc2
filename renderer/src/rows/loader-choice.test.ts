import { describe, expect, it } from 'vitest';
import { loaderKindOf } from './loader-choice';

const view = {
  connected: true,
  filtered: false,
  held: undefined,
  sortByDeadline: false,
  sortByCustomer: false,
} as const;

describe('the loader a view is read with', () => {
  it('is none before a connection is known, whatever else', () => {
    expect(loaderKindOf({ ...view, connected: false, filtered: true, held: 'held' })).toBe('none');
  });

  it('reads blocks from the API for a view without a filter or a sort the API cannot make', () => {
    expect(loaderKindOf(view)).toBe('blocks');
    expect(loaderKindOf({ ...view, held: 'held' })).toBe('blocks');
  });

  it('answers a filter from the held list, and scans a list too long to hold', () => {
    expect(loaderKindOf({ ...view, filtered: true })).toBe('held');
    expect(loaderKindOf({ ...view, filtered: true, held: 'reading' })).toBe('held');
    expect(loaderKindOf({ ...view, filtered: true, held: 'too-long' })).toBe('scan');
  });

  it('sorts by days to a deadline from the held list only once it is held', () => {
    expect(loaderKindOf({ ...view, sortByDeadline: true, held: 'reading' })).toBe('blocks');
    expect(loaderKindOf({ ...view, sortByDeadline: true, held: 'held' })).toBe('held');
  });

  it('sorts by a customer’s column from the held list unless it cannot be held', () => {
    expect(loaderKindOf({ ...view, sortByCustomer: true })).toBe('held');
    expect(loaderKindOf({ ...view, sortByCustomer: true, held: 'reading' })).toBe('held');
    expect(loaderKindOf({ ...view, sortByCustomer: true, held: 'too-long' })).toBe('blocks');
  });
});
