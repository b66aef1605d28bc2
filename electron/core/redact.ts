/**
 * Secrets this process has handled (client secrets, access tokens), kept only so that no message
 * leaving core can carry one (docs/architecture.md, "How a token is spent": "the secret and tokens are redacted from every
 * message that leaves core"). A server may quote back what it was sent; an error, the audit log,
 * the UI and `cdb`'s stderr all pass through `redact`.
 */
const known = new Set<string>();

/** What a redacted secret reads as. */
export const REDACTED = '[redacted]';

/** Shorter values could match ordinary words; no real secret or token is this short. */
const SHORTEST = 6;

/** Remembers `value` as a secret: from now on `redact` hides it (and its JSON-, URL- and base64-encoded forms). */
export function treatAsSecret(value: string | undefined): void {
  if (value === undefined || value.length < SHORTEST) return;
  known.add(value);
  known.add(JSON.stringify(value).slice(1, -1));
  known.add(encodeURIComponent(value));
  // A server may echo it encoded (a debug dump of the request): its base64 forms are hidden too.
  known.add(Buffer.from(value).toString('base64').replace(/=+$/, ''));
  known.add(Buffer.from(value).toString('base64url'));
}

/** `text` with every known secret replaced by "[redacted]". */
export function redact(text: string): string {
  let result = text;
  for (const secret of known) if (result.includes(secret)) result = result.split(secret).join(REDACTED);
  return result;
}

/** `text` redacted, or undefined. */
export function redactOptional(text: string | undefined): string | undefined {
  return text === undefined ? undefined : redact(text);
}
