import { describe, expect, it } from 'vitest';
import { fakeApi } from '../testing/fake-api';
import { SKELETON_ROWS } from './row-loader';
import { ScanLoader } from './scan-loader';

// A filtered scan against APIs that would keep it reading forever (review findings M9, M13): one
// that refuses every cursor, one whose cursors change but never end.

const view = { resource: 'customers' as const };
const firstPages = (asked: ReturnType<typeof fakeApi>['asked']) =>
  asked.filter((call) => call.name === 'data.listPage' && call.input.cursor === undefined).length;

/** Drives the scan as the table does (ensure after every change) for `rounds` answers. */
async function drive(loader: ScanLoader, answerAll: () => Promise<void>, rounds: number) {
  loader.open();
  loader.setFilter(() => false);
  for (let round = 0; round < rounds && !loader.error; round++) {
    loader.ensure(0, 0);
    await answerAll();
  }
}

describe('a filtered scan that cannot end', () => {
  it('restarts once when the API refuses its cursor, then fails and says so: the first page read twice, not forever', async () => {
    const { api, asked, answerAll } = fakeApi(10_000, { refusesCursors: true });
    const loader = new ScanLoader(api, view, 'en', 500);
    await drive(loader, answerAll, 300);
    expect(loader.error?.code).toBe('invalid-cursor');
    expect(firstPages(asked)).toBe(2);
    // Retry starts it over, and it may restart once again.
    loader.retry();
    await drive(loader, answerAll, 300);
    expect(firstPages(asked)).toBe(4);
  });

  it('stops when the same rows come back under new cursors', async () => {
    const { api, answerAll } = fakeApi(10_000, { endless: true });
    const loader = new ScanLoader(api, view, 'en', 500);
    await drive(loader, answerAll, 300);
    expect(loader.error?.code).toBe('invalid-response');
    expect(loader.error?.message).toMatch(/the same rows again under a new cursor/);
    expect(loader.scanned).toBe(500);
  });
});

describe('a scan as the rows a table draws', () => {
  it('draws placeholders while pages remain, none once the user stops it, and reads no page until resumed', async () => {
    const { api, asked, answerAll } = fakeApi(10_000);
    const loader = new ScanLoader(api, view, 'en', 500);
    loader.open();
    loader.ensure(0, 0);
    await answerAll();
    loader.setFilter((record) => Number(record.id) % 10 === 0);
    expect(loader.rowCount).toBe(50 + SKELETON_ROWS);
    expect(loader.complete).toBe(false);
    loader.setStopped(true);
    const pagesAsked = asked.length;
    loader.ensure(0, 49);
    expect(asked.length).toBe(pagesAsked);
    expect([loader.rowCount, loader.complete, loader.held]).toEqual([50, true, 500]);
    expect(loader.status).toMatchObject({
      matches: 50,
      usesHeldList: true,
      scan: { hasMore: true, stopped: true, restarted: false },
    });
    expect(loader.status.rowsReadWithToken).toHaveLength(500);
    loader.setStopped(false);
    loader.ensure(0, 49);
    await answerAll();
    expect([loader.rowCount, loader.held, loader.rowAt(50)]).toEqual([
      100 + SKELETON_ROWS,
      1_000,
      { id: 500 },
    ]);
  });
});
