import { describe, expect, it } from 'vitest';
import type { ExportEvent } from '@shared/contract/contract';
import {
  NO_EXPORTS,
  sessionExports,
  type SessionExportsAction,
  type SessionExportsState,
} from './session-exports';

const event = (exportId: string, state: ExportEvent['state'], records: number): ExportEvent => ({
  exportId,
  state,
  path: `/exports/${exportId}.csv`,
  progress: { records, scanned: records, pages: 1, recordsPerSecond: 100, restarted: false, cutCells: 0 },
});
const started = (exportId: string): SessionExportsAction => ({
  type: 'started',
  started: { exportId, path: `/exports/${exportId}.csv`, fileName: `${exportId}.csv`, state: 'running' },
});
const after = (...actions: SessionExportsAction[]): SessionExportsState =>
  actions.reduce(sessionExports, NO_EXPORTS);

describe('the session’s exports', () => {
  it('a small export that ends before its start is answered shows ended, never running', () => {
    const state = after(
      { type: 'starting' },
      { type: 'event', event: event('a', 'running', 20) },
      { type: 'event', event: event('a', 'completed', 80) },
      started('a'),
    );
    expect(state.exports).toMatchObject([{ exportId: 'a', fileName: 'a.csv', state: 'completed' }]);
    expect(state.exports[0]?.progress?.records).toBe(80);
    expect(state.early.size).toBe(0);
  });

  it('events after the answer update the export; newest export first', () => {
    const state = after(
      { type: 'starting' },
      started('a'),
      { type: 'starting' },
      started('b'),
      { type: 'event', event: event('a', 'running', 500) },
      { type: 'event', event: event('a', 'failed', 500) },
    );
    expect(state.exports.map((item) => [item.exportId, item.state])).toEqual([
      ['b', 'running'],
      ['a', 'failed'],
    ]);
  });

  it('keeps no event of an export started elsewhere (another tab, cdb)', () => {
    expect(after({ type: 'event', event: event('other', 'running', 1) })).toEqual(NO_EXPORTS);
    // Told while a start of its own was unanswered: dropped once every start has its answer.
    const state = after(
      { type: 'starting' },
      { type: 'event', event: event('other', 'running', 1) },
      started('a'),
    );
    expect(state.early.size).toBe(0);
    expect(state.exports.map((item) => item.exportId)).toEqual(['a']);
  });

  it('a refused start leaves nothing behind; dismissing puts one away from the tray, kept for the panel', () => {
    expect(after({ type: 'starting' }, { type: 'start-failed' })).toEqual(NO_EXPORTS);
    const state = after({ type: 'starting' }, started('a'), { type: 'starting' }, started('b'), {
      type: 'dismissed',
      exportId: 'a',
    });
    expect(state.exports.map((item) => [item.exportId, item.dismissed ?? false])).toEqual([
      ['b', false],
      ['a', true],
    ]);
  });
});
