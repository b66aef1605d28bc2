import type { Resource } from '../../../shared/api-rules.js';

/**
 * The lists of a connection kept from an earlier session, while they are taken in (kept-lists.ts,
 * one file after the other): a search waits for the lists it reads, not for the others (the
 * finder's customers and contacts are in before the agreements are read), rather than read them
 * again from the API.
 */
export class RestoreGate {
  /** By connection and list: settles once that list is in, or will not be. */
  private readonly waiting = new Map<string, { done: Promise<void>; open: () => void }>();

  /** The lists `resources` of `connectionId` are being taken in. */
  close(connectionId: string, resources: Iterable<Resource>): void {
    for (const resource of resources) {
      let open = () => {};
      const done = new Promise<void>((resolve) => (open = resolve));
      this.waiting.set(keyOf(connectionId, resource), { done, open });
    }
  }

  /** `resource` of `connectionId` is in (or will not be); all of the connection's when none is named. */
  open(connectionId: string, resource?: Resource): void {
    for (const [key, { open }] of this.waiting)
      if (
        resource === undefined
          ? key.startsWith(keyOf(connectionId, ''))
          : key === keyOf(connectionId, resource)
      ) {
        open();
        this.waiting.delete(key);
      }
  }

  /** Settles once `resources` of `connectionId` are in (all those being taken in when none is named). */
  whenOpen(connectionId: string, resources?: readonly Resource[]): Promise<void> {
    const pending = [...this.waiting]
      .filter(([key]) =>
        resources === undefined
          ? key.startsWith(keyOf(connectionId, ''))
          : resources.some((resource) => key === keyOf(connectionId, resource)),
      )
      .map(([, { done }]) => done);
    return Promise.all(pending).then(() => undefined);
  }
}

const keyOf = (connectionId: string, resource: string) => `${connectionId}\n${resource}`;
