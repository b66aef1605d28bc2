import { createHash } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { Resource } from '../../../shared/api-rules.js';
import { DEMO_CONNECTION_ID } from '../../../shared/demo-connection.js';
import { audienceOf, type Profile } from '../../../shared/profile.js';
import { listKey } from './held-list-state.js';

// The kept lists' files in their folder (kept-lists.ts keeps them): their names, and deleting a
// connection's without opening them (`cdb profile remove`, which holds no key).

/** The lists kept: a connection's own, never one customer's (small, and read again at once). */
export const KEPT: ReadonlySet<Resource> = new Set(['customers', 'contacts', 'agreements']);

/** An interrupted write's file older than this is a leftover: no write takes an hour. */
export const PART_LEFT_MS = 3_600_000;

/** Where a connection's list is kept in `folder`: named by a hash, so the folder names no connection. */
export function keptPath(folder: string, connectionId: string, resource: Resource): string {
  const name = createHash('sha256').update(listKey(connectionId, { resource })).digest('hex').slice(0, 32);
  return join(folder, `${name}.list`);
}

/** Deletes the lists kept of a connection (it was deleted: by the app, or by `cdb profile remove`). */
export async function forgetKeptLists(folder: string, connectionId: string): Promise<void> {
  for (const resource of KEPT) await rm(keptPath(folder, connectionId, resource), { force: true });
}

/** The seal a sealed text names before its first colon (`aes-256-gcm:`, `safe-storage:`). */
export function sealName(sealed: string): string {
  return sealed.slice(0, sealed.indexOf(':') + 1);
}

/** What binds a connection's kept lists to the API they were read from: its address and bundle (a profile), or the Demo. */
export function keptApiOf(
  profile: Pick<Profile, 'baseUrl' | 'apiPrefix' | 'authUrl' | 'audience' | 'clientId'> | undefined,
): string {
  if (!profile) return DEMO_CONNECTION_ID;
  return [profile.baseUrl, profile.apiPrefix, profile.authUrl, audienceOf(profile), profile.clientId].join(
    '\n',
  );
}
