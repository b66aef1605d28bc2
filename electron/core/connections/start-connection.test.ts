import { describe, expect, it } from 'vitest';
import { DEMO_CONNECTION_ID } from '../../shared/demo-connection.js';
import { startConnection } from './start-connection.js';

const saved = (...ids: string[]) => ({
  get: (id: string) => Promise.resolve(ids.includes(id) ? { id } : undefined),
  list: () => Promise.resolve(ids.map((id) => ({ id }))),
});

describe('the connection a start opens on', () => {
  it('is the one last chosen while it exists', async () => {
    expect(await startConnection('b', saved('a', 'b'), true)).toBe('b');
    expect(await startConnection(DEMO_CONNECTION_ID, saved('a'), true)).toBe(DEMO_CONNECTION_ID);
  });

  it('on a first start, is the one saved connection (cdb made it), else the Demo', async () => {
    expect(await startConnection(undefined, saved('made-by-cdb'), true)).toBe('made-by-cdb');
    expect(await startConnection(undefined, saved('made-by-cdb'), false)).toBe('made-by-cdb');
    expect(await startConnection(undefined, saved(), true)).toBe(DEMO_CONNECTION_ID);
    expect(await startConnection(undefined, saved('a', 'b'), true)).toBe(DEMO_CONNECTION_ID);
  });

  it('after the one chosen was deleted, or the Demo turned off, falls back the same way', async () => {
    expect(await startConnection('gone', saved('a'), true)).toBe('a');
    expect(await startConnection(DEMO_CONNECTION_ID, saved('a'), false)).toBe('a');
    expect(await startConnection('gone', saved('a', 'b'), false)).toBeUndefined();
  });
});
