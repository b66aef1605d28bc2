/**
 * The floor a data table's scrolling is held to: the cheapest grid of the app's shape we could
 * write (the table's cells, 12 of 130 px unless told, 32 px rows under a sticky header, `rows` rows), no framework. Each of its
 * features is there because the app's table needs it, and each is done the cheapest way tried:
 * - Rows are absolutely placed in a body as tall as the view, so the browser's own scrollbar stands
 *   for the whole view. A row is moved with `transform`, and has no `will-change`: a compositing
 *   layer per row cost more than it saved (365–406 ms per 1,000 rows loaded, against 291–296 ms
 *   without).
 * - A fixed pool of row elements is recycled by index modulo the pool's size. A row that stays on
 *   screen while scrolling is not touched at all; only the rows that come into view get new text,
 *   written into their cells in place (textContent) and formatted through `Intl` formatters made
 *   once. Mapping the pool by its place from the first row instead rewrote every row at each small
 *   step (the bench's 2,000 px steps replace every row either way).
 * - The sticky header, the stripes and the ellipsis in cells are in CSS, as the app's are.
 * - The pool is the rows on screen and 3 more each side: a minimal grid draws no more (a wider
 *   margin costs the floor its own rows, and flatters the ratio of a table measured against it).
 * What it costs the main thread per row scrolled is what style, layout and paint cost in this
 * browser; a table's cost above it is its own.
 *
 * Its rows carry the app's `data-testid="row"` and `aria-rowindex` (header = 1), so the same
 * scroll script measures both. A bench gives it the shape of the table it is held against (each
 * column's width, the grid's height): a floor with fewer or narrower cells, or fewer rows on
 * screen, would do less work than the table for the same rows, and flatter it in the ratio.
 */
export interface FloorShape {
  /** Each column's width, px. */
  widths: readonly number[];
  /** The grid's height, header included, px. */
  height: number;
}

const TWELVE_COLUMNS: FloorShape = { widths: Array.from({ length: 12 }, () => 130), height: 800 };

export function floorGridPage(rows: number, shape: FloorShape = TWELVE_COLUMNS): string {
  return `<!doctype html>
<html><head><meta charset="utf-8"><style>
  body { margin: 0; font: 14px system-ui, sans-serif; }
  #grid { height: ${shape.height}px; overflow: auto; position: relative; }
  .header, .row { display: flex; height: 32px; box-sizing: border-box; border-bottom: 1px solid #ddd; }
  .header { position: sticky; top: 0; background: #eee; z-index: 1; font-weight: 600; }
  .body { position: relative; }
  .row { position: absolute; left: 0; top: 0; }
  .row.odd { background: #f7f7f7; }
  .cell { flex: none; padding: 6px 8px; box-sizing: border-box; overflow: hidden;
          white-space: nowrap; text-overflow: ellipsis; }
</style></head><body>
<div id="grid" data-testid="grid" role="grid"><div class="header" role="row"></div><div class="body"></div></div>
<script>
  const ROWS = ${rows}, HEIGHT = 32, WIDTHS = ${JSON.stringify(shape.widths)}, COLUMNS = WIDTHS.length, OVERSCAN = 3;
  const grid = document.getElementById('grid');
  const header = grid.firstElementChild;
  const body = grid.lastElementChild;
  body.style.height = ROWS * HEIGHT + 'px';
  body.style.width = WIDTHS.reduce((sum, width) => sum + width, 0) + 'px';
  const names = ['id','name','customer','status','engagement','notice','start','end','mrr','arr','currency','owner'];
  for (let c = 0; c < COLUMNS; c++) {
    const cell = document.createElement('div');
    cell.className = 'cell';
    cell.style.width = WIDTHS[c] + 'px';
    cell.textContent = names[c % names.length];
    header.append(cell);
  }
  const money = new Intl.NumberFormat('en', { style: 'currency', currency: 'EUR' });
  const day = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeZone: 'UTC' });
  const statuses = ['Active', 'Pending', 'Terminated', 'Suspended'];
  /** Row i's cell texts, computed as an app would format its records. */
  const textsOf = (i) => {
    const date = new Date(Date.UTC(2020, 0, 1) + (i % 2000) * 86400000);
    const mrr = ((i * 7919) % 100000) / 10;
    return ['AGR-' + String(i + 1).padStart(8, '0'), 'Agreement ' + i, 'CUS-' + String((i % 20000) + 1).padStart(8, '0'),
      statuses[i % 4], day.format(date), day.format(new Date(date.getTime() + 90 * 86400000)), day.format(date),
      day.format(new Date(date.getTime() + 365 * 86400000)), money.format(mrr), money.format(mrr * 12), 'EUR', 'Owner ' + (i % 97)];
  };
  const pool = [];
  const place = () => {
    const visible = Math.ceil(grid.clientHeight / HEIGHT);
    const first = Math.max(0, Math.floor(grid.scrollTop / HEIGHT) - OVERSCAN);
    const last = Math.min(ROWS - 1, first + visible + 2 * OVERSCAN);
    while (pool.length < last - first + 1) {
      const row = document.createElement('div');
      row.className = 'row';
      row.setAttribute('role', 'row');
      row.dataset.testid = 'row';
      const cells = [];
      for (let c = 0; c < COLUMNS; c++) {
        const cell = document.createElement('div');
        cell.className = 'cell';
        // Its width written once, as the row is made: recycling it never touches its style.
        cell.style.width = WIDTHS[c] + 'px';
        cell.setAttribute('role', 'gridcell');
        row.append(cell);
        cells.push(cell);
      }
      body.append(row);
      pool.push({ row, cells, index: -1 });
    }
    for (let index = first; index <= last; index++) {
      const entry = pool[index % pool.length];
      if (entry.index === index) continue;
      entry.index = index;
      entry.row.style.transform = 'translateY(' + index * HEIGHT + 'px)';
      entry.row.setAttribute('aria-rowindex', String(index + 2));
      entry.row.classList.toggle('odd', index % 2 === 1);
      const texts = textsOf(index);
      for (let c = 0; c < COLUMNS; c++) entry.cells[c].textContent = texts[c % texts.length];
    }
  };
  grid.addEventListener('scroll', place, { passive: true });
  place();
</script></body></html>`;
}
