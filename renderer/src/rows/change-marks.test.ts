import { describe, expect, it, vi } from 'vitest';
import { ChangeMarks, markerOf } from './change-marks';

const marks = new ChangeMarks({
  rows: [
    { id: 'CUS-1', at: 1, kind: 'changed', previous: { name: 'Dupont' } },
    { id: '7', at: 2, kind: 'new', previous: {} },
  ],
  gone: [],
  unlisted: 0,
});

describe('change marks', () => {
  it('finds a row’s change by its id, a number id too; none for a row that did not change', () => {
    expect(marks.of({ id: 'CUS-1', name: 'Dupond' })?.previous).toEqual({ name: 'Dupont' });
    expect(marks.of({ id: 7 })?.kind).toBe('new');
    expect(marks.of({ id: 'CUS-2' })).toBeUndefined();
    expect(marks.of({ name: 'no id' })).toBeUndefined();
    expect(marks.ids).toEqual(['CUS-1', '7']);
  });

  it('describes a record once, however often its row is drawn', () => {
    const describe = vi.fn((change: { kind: 'changed' | 'new' }) => ({
      kind: change.kind,
      words: change.kind,
      was: new Map<string, string>(),
    }));
    const marker = markerOf(marks, describe);
    const record = { id: 'CUS-1', name: 'Dupond' };
    expect(marker(record)?.words).toBe('changed');
    expect(marker(record)?.words).toBe('changed');
    expect(marker({ id: 'CUS-2' })).toBeUndefined();
    expect(describe).toHaveBeenCalledTimes(1);
  });
});
