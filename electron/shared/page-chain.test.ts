import { describe, expect, it } from 'vitest';
import { PageChain, type ChainPage } from './page-chain.js';

const page = (ids: string[], nextCursor: string | null): ChainPage => ({
  rows: ids.map((id) => ({ id })),
  hasNextPage: nextCursor !== null,
  nextCursor,
});

describe('PageChain', () => {
  it('ends a traversal whose next page repeats the rows it kept under a new cursor', () => {
    const chain = new PageChain(2);
    const first = page(['A', 'B'], 'c1');
    expect(chain.judge(first)).toBeUndefined();
    chain.keep(first);
    expect(chain.judge(page(['A', 'B'], 'c2'))).toMatch(/same rows again under a new cursor/);
  });

  it('asks a page judged but never kept again without calling it a repeat', () => {
    const chain = new PageChain(2);
    const first = page(['A', 'B'], 'c1');
    expect(chain.judge(first)).toBeUndefined();
    // The read stopped before the rows were kept: the same page comes again.
    const again = page(['A', 'B'], 'c1');
    expect(chain.judge(again)).toBeUndefined();
    chain.keep(again);
    expect(chain.take(page(['C', 'D'], null))).toBeUndefined();
  });

  it('keeps the rows of a page it did not judge last by their own key', () => {
    const chain = new PageChain(2);
    chain.judge(page(['X', 'Y'], 'c0'));
    chain.keep(page(['A', 'B'], 'c1'));
    expect(chain.judge(page(['X', 'Y'], 'c2'))).toBeUndefined();
    expect(chain.judge(page(['A', 'B'], 'c3'))).toMatch(/same rows again/);
  });

  it('ends a traversal given a cursor it saw before', () => {
    const chain = new PageChain(2);
    expect(chain.take(page(['A', 'B'], 'c1'))).toBeUndefined();
    expect(chain.take(page(['C', 'D'], 'c1'))).toMatch(/cursor/i);
  });
});
