import { createHash } from 'node:crypto';
import { audienceOf, type Profile } from '../shared/profile.js';

/**
 * What a token is asked with (spec "Token endpoint": where, for which API, as which client) and
 * where it may be sent: the origin of the API it was obtained for. Tokens are per credentials, not
 * per profile: every profile, test, connection and `cdb` run with the same four values shares one
 * token manager and one cached token; another base URL that reuses the same token endpoint,
 * audience and client id gets none of them (docs/api.md, "Tokens").
 */
export interface Credentials {
  authUrl: string;
  audience: string;
  clientId: string;
  /** The origin of the base URL the token is sent to: a token never goes to another. */
  apiOrigin: string;
}

/** The credentials a profile asks tokens with. */
export function credentialsOf(
  profile: Pick<Profile, 'authUrl' | 'audience' | 'baseUrl' | 'clientId'>,
): Credentials {
  return {
    authUrl: profile.authUrl,
    audience: audienceOf(profile),
    clientId: profile.clientId,
    apiOrigin: new URL(profile.baseUrl).origin,
  };
}

/**
 * A token endpoint's address as one key, however it was typed: host in lower case, no default port,
 * dot segments resolved, no trailing slash (`http://LOCALHOST:80/./` and `http://localhost` are one
 * endpoint, with one budget of 15 tokens a day and one lock).
 */
export function endpointKey(authUrl: string): string {
  try {
    const url = new URL(authUrl);
    return `${url.protocol}//${url.host}${url.pathname.replace(/\/+$/, '')}`;
  } catch {
    return authUrl;
  }
}

/** A stable, opaque name for `credentials`: the keychain account of their token, the name of their lock. */
export function credentialsId({ authUrl, audience, clientId, apiOrigin }: Credentials): string {
  const digest = createHash('sha256')
    .update(JSON.stringify([endpointKey(authUrl), audience, clientId, apiOrigin]))
    .digest('hex');
  return `cred-${digest.slice(0, 32)}`;
}

/** True when both name the same credentials for the same API. */
export function sameCredentials(a: Credentials, b: Credentials): boolean {
  return credentialsId(a) === credentialsId(b);
}
