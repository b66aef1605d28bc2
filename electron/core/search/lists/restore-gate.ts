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

  /**
   * Takes in the lists `kept` of `connectionId` (any of `resources`), each as it is read: `take`
   * adopts one, and may go on with it (its fields learnt) before its list opens; every list is open
   * at the end, a file that could not be read included (its list is then read from the API).
   */
  async takeIn<L extends { view: { resource: Resource } }>(
    connectionId: string,
    resources: Iterable<Resource>,
    kept: AsyncIterable<L>,
    take: (list: L) => Promise<void> | undefined,
  ): Promise<void> {
    this.close(connectionId, resources);
    const going: Promise<void>[] = [];
    try {
      for await (const list of kept) {
        const taken = () => this.open(connectionId, list.view.resource);
        const more = take(list);
        if (more) going.push(more.finally(taken));
        else taken();
      }
    } catch {
      // A file that cannot be read: its list is read again from the API, as if none had been kept.
    } finally {
      await Promise.allSettled(going);
      this.open(connectionId);
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
