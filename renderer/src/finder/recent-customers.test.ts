import { describe, expect, it } from 'vitest';
import { RECENT_MAX, withName, withOpened } from './recent-customers';

describe('the customers opened this session', () => {
  it('puts the one opened first, keeping the name known of it when opened by its id alone', () => {
    let recent = withOpened([], 'CUS-1', 'Façon SA');
    recent = withOpened(recent, 'CUS-2');
    recent = withOpened(recent, 'CUS-1');
    expect(recent).toEqual([{ customerId: 'CUS-1', name: 'Façon SA' }, { customerId: 'CUS-2' }]);
  });

  it('learns a name later, and stays the same list when it adds nothing', () => {
    const recent = withOpened(withOpened([], 'CUS-2'), 'CUS-1', 'A');
    const named = withName(recent, 'CUS-2', 'Béton & Fils');
    expect(named[1]).toEqual({ customerId: 'CUS-2', name: 'Béton & Fils' });
    expect(withName(named, 'CUS-2', 'Béton & Fils')).toBe(named);
    expect(withName(named, 'CUS-9', 'Other')).toBe(named);
  });

  it('keeps the latest RECENT_MAX', () => {
    let recent = withOpened([], 'CUS-0');
    for (let index = 1; index <= RECENT_MAX + 5; index++) recent = withOpened(recent, `CUS-${index}`);
    expect(recent).toHaveLength(RECENT_MAX);
    expect(recent[0]?.customerId).toBe(`CUS-${RECENT_MAX + 5}`);
  });
});
