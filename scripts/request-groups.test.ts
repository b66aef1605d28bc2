import { readdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';

// The service mirrors the contract: each request group `electron/shared/contract/<group>-requests.ts` is
// served by `electron/core/service/<group>-handlers.ts`, whose `<group>Handlers` answers exactly the
// group's requests, each named `<group>.<what>`. A request moved to another group, or a handler
// written elsewhere, fails here.

const SHARED = 'electron/shared/contract';
const SERVICE = 'electron/core/service';
const stems = (folder: string, suffix: string) =>
  readdirSync(folder)
    .filter((name) => name.endsWith(suffix))
    .map((name) => name.slice(0, -suffix.length))
    .sort();
/** A module of the repository by its path (vite cannot follow a variable's import). */
const load = (path: string) => import(/* @vite-ignore */ pathToFileURL(resolve(path)).href);
const camel = (stem: string) => stem.replace(/-(\w)/g, (_, letter: string) => letter.toUpperCase());

/**
 * What a handlers factory is given: parts it reads when a request comes, never when it is made, so
 * any that is touched or called now throws.
 */
const untouchable: unknown = new Proxy(() => undefined, {
  get: (_, key) => {
    throw new Error(`a handlers factory read its part's ${String(key)} before any request`);
  },
  apply: () => {
    throw new Error('a handlers factory called a part before any request');
  },
});

describe('request groups and their handlers', () => {
  it('pair by name, one handlers file per request group', () => {
    expect(stems(SERVICE, '-handlers.ts')).toEqual(stems(SHARED, '-requests.ts'));
  });

  it.each(stems(SHARED, '-requests.ts'))('%s: its handlers answer exactly its requests', async (stem) => {
    const requests = (await load(`${SHARED}/${stem}-requests.ts`)) as Record<string, object>;
    const handlers = (await load(`${SERVICE}/${stem}-handlers.ts`)) as Record<
      string,
      (...parts: unknown[]) => object
    >;
    const group = requests[`${camel(stem)}Requests`];
    const make = handlers[`${camel(stem)}Handlers`];
    expect(group, `${stem}-requests.ts exports ${camel(stem)}Requests`).toBeDefined();
    expect(make, `${stem}-handlers.ts exports ${camel(stem)}Handlers`).toBeTypeOf('function');
    const served = make!(...Array.from({ length: make!.length }, () => untouchable));
    expect(Object.keys(served).sort()).toEqual(Object.keys(group!).sort());
  });

  it.each(stems(SHARED, '-requests.ts'))('%s: each request is named for its group', async (stem) => {
    const requests = (await load(`${SHARED}/${stem}-requests.ts`)) as Record<string, object>;
    const names = Object.keys(requests[`${camel(stem)}Requests`] ?? {});
    expect(names.length).toBeGreaterThan(0);
    expect(names.filter((name) => !name.startsWith(`${stem}.`))).toEqual([]);
  });
});
