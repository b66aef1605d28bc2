import { createHash } from 'node:crypto';
import { audienceOf, type Profile } from '../shared/profile.js';

/**
 * What a token is asked for with (spec "Token endpoint"): where, for which API, as which client.
 * Tokens are per credentials, not per profile: every profile, test, connection and `cdb` run with
 * the same three values shares one token manager and one cached token (DESIGN.md, "Tokens").
 */
export interface Credentials {
  authUrl: string;
  audience: string;
  clientId: string;
}

/** The credentials a profile asks tokens with. */
export function credentialsOf(
  profile: Pick<Profile, 'authUrl' | 'audience' | 'baseUrl' | 'clientId'>,
): Credentials {
  return { authUrl: profile.authUrl, audience: audienceOf(profile), clientId: profile.clientId };
}

/** A stable, opaque name for `credentials`: the keychain account of their token, the name of their lock. */
export function credentialsId({ authUrl, audience, clientId }: Credentials): string {
  const digest = createHash('sha256')
    .update(JSON.stringify([authUrl, audience, clientId]))
    .digest('hex');
  return `cred-${digest.slice(0, 32)}`;
}

/** True when both name the same credentials. */
export function sameCredentials(a: Credentials, b: Credentials): boolean {
  return a.authUrl === b.authUrl && a.audience === b.audience && a.clientId === b.clientId;
}
