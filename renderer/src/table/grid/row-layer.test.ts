// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import type { ApiRecord } from '@shared/schema';
import { RowLayer, type RowFrame } from './row-layer';

const columns = [
  { id: 'id', width: 120 },
  { id: 'name', width: 200 },
];
const recordOf = (index: number): ApiRecord => ({ id: `CUS-${index}`, name: `Name ${index}` });

/** A frame of rows `from`…`to`, every record held unless `missing` says otherwise. */
function frameOf(
  from: number,
  to: number,
  more: Partial<RowFrame> = {},
  missing = new Set<number>(),
): RowFrame {
  return {
    from,
    to,
    anchor: 0,
    rowHeight: 32,
    columns,
    rowAt: (index) => (missing.has(index) ? undefined : recordOf(index)),
    textOf: (key, record) => String(record[key]),
    highlight: undefined,
    marks: undefined,
    paint: undefined,
    paintWords: (names) => `Marked: ${names.join(', ')}`,
    active: { row: -1, column: 0 },
    selection: undefined,
    cellId: (row, column) => `cell-${row}-${column}`,
    openLabel: 'Open',
    loadingLabel: 'Loading…',
    ...more,
  };
}

function setUp() {
  const layer = document.createElement('div');
  return { layer, rows: new RowLayer(layer), shown: () => [...layer.children] as HTMLElement[] };
}

const indexes = (elements: HTMLElement[]) =>
  elements.map((row) => Number(row.getAttribute('aria-rowindex')) - 2);

describe('RowLayer', () => {
  it('draws the frame’s rows in their order, each cell written by the columns', () => {
    const { rows, shown } = setUp();
    rows.draw(frameOf(0, 4));
    expect(indexes(shown())).toEqual([0, 1, 2, 3, 4]);
    expect(shown()[3]!.textContent).toBe('CUS-3Name 3');
    expect(shown()[3]!.style.transform).toBe('translateY(96px)');
    expect(shown()[3]!.className).toBe('table-row odd openable');
    expect(shown()[3]!.querySelector('.opens')?.getAttribute('title')).toBe('Open');
  });

  it('keeps the rows that stay, and moves only those leaving to the other end for those entering', () => {
    const { rows, shown } = setUp();
    rows.draw(frameOf(0, 9));
    const before = shown();
    rows.draw(frameOf(3, 12));
    expect(indexes(shown())).toEqual([3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    // Rows 3…9 are the same elements; 10…12 are those of rows 0…2, taken over.
    expect(shown().slice(0, 7)).toEqual(before.slice(3));
    expect(shown().slice(7)).toEqual(before.slice(0, 3));
    expect(shown()[9]!.textContent).toBe('CUS-12Name 12');
    // And back up.
    rows.draw(frameOf(1, 10));
    expect(indexes(shown())).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(shown().slice(2)).toEqual(before.slice(3).concat(before.slice(0, 1)));
  });

  it('moves no element when no row stays (a flick): each shows the row of its place', () => {
    const { rows, shown } = setUp();
    rows.draw(frameOf(0, 9));
    const before = shown();
    rows.draw(frameOf(500, 509));
    expect(shown()).toEqual(before);
    expect(indexes(shown())).toEqual([500, 501, 502, 503, 504, 505, 506, 507, 508, 509]);
    expect(shown()[0]!.textContent).toBe('CUS-500Name 500');
    // Fewer rows: the rest are taken out, and used again when more are drawn.
    rows.draw(frameOf(900, 904));
    expect(shown()).toEqual(before.slice(0, 5));
    rows.draw(frameOf(2000, 2009));
    expect(new Set(shown())).toEqual(new Set(before));
  });

  it('draws a placeholder while a row is read, then writes its record into the same cells', () => {
    const { rows, shown } = setUp();
    rows.draw(frameOf(0, 2, {}, new Set([1])));
    const placeholder = shown()[1]!;
    const cells = [...placeholder.children];
    expect(placeholder.className).toBe('table-row skeleton-row odd');
    expect(placeholder.getAttribute('aria-label')).toBe('Loading…');
    expect(placeholder.hasAttribute('data-testid')).toBe(false);
    expect(cells.map((cell) => cell.className)).toEqual(['cell skeleton', 'cell skeleton']);
    rows.draw(frameOf(0, 2));
    expect(shown()[1]).toBe(placeholder);
    expect([...placeholder.children]).toEqual(cells);
    expect(placeholder.getAttribute('data-testid')).toBe('row');
    expect(placeholder.hasAttribute('aria-label')).toBe(false);
    expect(placeholder.textContent).toBe('CUS-1Name 1');
  });

  it('names the active cell only, marks the selection, and marks what the filter looks for', () => {
    const { rows, shown } = setUp();
    const highlight = (key: string, text: string): [number, number][] =>
      key === 'name' && text.includes('2') ? [[text.indexOf('2'), text.indexOf('2') + 1]] : [];
    rows.draw(frameOf(0, 3, { active: { row: 2, column: 1 }, selection: { from: 1, to: 2 }, highlight }));
    expect(shown()[2]!.querySelectorAll('[id]')).toHaveLength(1);
    expect(shown()[2]!.children[1]!.id).toBe('cell-2-1');
    expect(shown()[2]!.children[1]!.classList.contains('active')).toBe(true);
    expect(shown().map((row) => row.getAttribute('aria-selected'))).toEqual([null, 'true', 'true', null]);
    expect(shown()[2]!.children[1]!.innerHTML).toBe('Name <mark>2</mark>');
    // The active cell moves: the old one loses its id; the marks go with the filter.
    rows.draw(frameOf(0, 3, { active: { row: 3, column: 0 } }));
    expect(shown()[2]!.querySelectorAll('[id]')).toHaveLength(0);
    expect(shown()[3]!.children[0]!.id).toBe('cell-3-0');
    expect(shown()[2]!.children[1]!.innerHTML).toBe('Name 2');
  });

  it('moves the rows it keeps when the rows’ height or the layer’s origin changes', () => {
    const { rows, shown } = setUp();
    rows.draw(frameOf(0, 2));
    rows.draw(frameOf(0, 2, { rowHeight: 28 }));
    expect(shown().map((row) => row.style.transform)).toEqual([
      'translateY(0px)',
      'translateY(28px)',
      'translateY(56px)',
    ]);
    rows.draw(frameOf(0, 2, { rowHeight: 28, anchor: 1 }));
    expect(shown()[0]!.style.transform).toBe('translateY(-28px)');
  });

  it('makes its rows anew for other columns, and only resizes them for other widths', () => {
    const { rows, shown } = setUp();
    rows.draw(frameOf(0, 2));
    const before = shown();
    rows.draw(frameOf(0, 2, { columns: [{ id: 'id', width: 150 }, columns[1]!] }));
    expect(shown()).toEqual(before);
    expect((before[0]!.children[0] as HTMLElement).style.width).toBe('150px');
    expect(before[0]!.style.width).toBe('350px');
    rows.draw(frameOf(0, 2, { columns: [columns[1]!] }));
    expect(shown().some((row) => before.includes(row))).toBe(false);
    expect(shown()[0]!.textContent).toBe('Name 0');
  });

  it('keeps a pinned column’s cells where they stay, and makes the rows anew when a column is pinned', () => {
    const { rows, shown } = setUp();
    rows.draw(frameOf(0, 1));
    const before = shown();
    const pinned = [
      { id: 'id', width: 120, left: 0 },
      { id: 'name', width: 200, left: 120 },
    ];
    rows.draw(frameOf(0, 1, { columns: pinned }));
    expect(shown().some((row) => before.includes(row))).toBe(false);
    const [id, name] = [...shown()[0]!.children] as HTMLElement[];
    expect(id!.className).toContain('pinned');
    // Only the sticky rule reads it (table.css): not sticky, the cell stays in its place.
    expect(name!.style.getPropertyValue('--pin-left')).toBe('120px');
    expect(name!.style.left).toBe('');
    rows.draw(frameOf(0, 1, { columns: [pinned[0]!, { ...pinned[1]!, width: 240, left: 120 }] }));
    expect((shown()[0]!.children[1] as HTMLElement).style.width).toBe('240px');
    // Unpinned, the same cells keep no place of a pinned one.
    rows.draw(frameOf(0, 1, { columns: [pinned[0]!, { id: 'name', width: 240 }] }));
    expect((shown()[0]!.children[1] as HTMLElement).style.getPropertyValue('--pin-left')).toBe('');
  });

  it('says a changed row in words in its first cell, and each changed cell’s value before in its title', () => {
    const { rows, shown } = setUp();
    const mark = {
      kind: 'changed' as const,
      words: 'changed at 13:42',
      was: new Map([['name', 'was: Dupont']]),
    };
    const marks = (record: ApiRecord) => (record.id === 'CUS-1' ? mark : undefined);
    rows.draw(frameOf(0, 2, { marks }));
    const [first, second] = shown();
    expect(second!.className).toContain('changed-row');
    expect(second!.children[0]!.textContent).toBe('CUS-1 changed at 13:42');
    expect(second!.children[1]!.className).toContain('changed');
    expect(second!.children[1]!.getAttribute('title')).toBe('was: Dupont');
    expect(first!.className).not.toContain('changed-row');
    // Seen: the same rows drawn without marks lose them.
    rows.draw(frameOf(0, 2));
    expect(second!.children[0]!.textContent).toBe('CUS-1');
    expect(second!.children[1]!.hasAttribute('title')).toBe(false);
  });
});

describe('colour rules on the rows drawn', () => {
  it('mark a row or a cell, name the rules in its title and its words, and go when the rules change', () => {
    const { rows, shown } = setUp();
    const paint: RowFrame['paint'] = (record) =>
      record.id === 'CUS-1'
        ? { row: 'red', cells: new Map(), names: ['Over', 'Big'] }
        : record.id === 'CUS-2'
          ? { row: undefined, cells: new Map([['name', 'green']]), names: ['Named'] }
          : undefined;
    rows.draw(frameOf(0, 3, { paint }));
    const [first, second, third] = shown();
    expect(first?.classList.contains('paint-red')).toBe(false);
    expect(second?.classList.contains('paint-red')).toBe(true);
    expect(second?.getAttribute('title')).toBe('Over · Big');
    expect(second?.textContent).toContain('Marked: Over, Big');
    expect(third?.classList.contains('paint-red')).toBe(false);
    expect(third?.children[1]?.classList.contains('paint-green')).toBe(true);
    expect(third?.getAttribute('title')).toBe('Named');
    // Rules removed: the same rows drawn again without their marks.
    rows.draw(frameOf(0, 3));
    expect(shown()[1]?.classList.contains('paint-red')).toBe(false);
    expect(shown()[1]?.hasAttribute('title')).toBe(false);
    expect(shown()[1]?.textContent).not.toContain('Marked');
    expect(shown()[2]?.children[1]?.classList.contains('paint-green')).toBe(false);
  });
});
