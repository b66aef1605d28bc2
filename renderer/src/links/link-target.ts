import { DEMO_CONNECTION_ID, DEMO_CONNECTION_NAME } from '@shared/demo-connection';

/**
 * The connection a link names, by the name the user sees (ids differ from one machine to another):
 * a saved connection of that name, else the Demo under its own name, else none (the window says
 * so, and asks nothing).
 */
export function connectionNamed(
  name: string,
  profiles: readonly { id: string; name: string }[],
): string | undefined {
  const profile = profiles.find((candidate) => candidate.name === name);
  if (profile) return profile.id;
  return name === DEMO_CONNECTION_NAME ? DEMO_CONNECTION_ID : undefined;
}
