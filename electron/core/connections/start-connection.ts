import { DEMO_CONNECTION_ID } from '../../shared/demo-connection.js';

/**
 * The connection a window opens on when the app starts: the one last chosen while it still exists;
 * else (a first start, or that connection deleted since) the one saved connection — made by
 * `cdb profile add` before the app first ran — else the Demo. Never an empty window when something
 * can be shown; none only when several are saved and there is no Demo to fall back on.
 */
export async function startConnection(
  remembered: string | undefined,
  saved: { get(id: string): Promise<unknown>; list(): Promise<{ id: string }[]> },
  hasDemo: boolean,
): Promise<string | undefined> {
  if (remembered === DEMO_CONNECTION_ID ? hasDemo : remembered && (await saved.get(remembered)))
    return remembered;
  const profiles = await saved.list();
  if (profiles.length === 1) return profiles[0]?.id;
  return hasDemo ? DEMO_CONNECTION_ID : undefined;
}
