import { z } from 'zod';
import { type Resource } from '../api-rules.js';
import { type Profile, profileInputSchema } from '../profile.js';
import { type SessionStatus } from './status.js';
import { idSchema, onConnection, returns, secretSchema } from './request-fields.js';

/** A proxy asking for a login, as the window asks the user (Electron only: the `login` event of main). */
export interface ProxyChallenge {
  host: string;
  port: number;
  /** What the proxy calls itself, if anything. */
  realm: string;
  /** The login last given to it was refused (it asked again at once). */
  refused: boolean;
}

const proxyAnswerSchema = z
  .object({
    host: z.string().min(1).max(255),
    port: z.number().int().min(1).max(65_535),
    login: z
      .object({
        username: z.string().min(1).max(256),
        password: z.string().max(4_096),
        /** Kept in the keychain for this proxy, so it is not asked again. */
        remember: z.boolean(),
      })
      .strict()
      .optional(),
  })
  .strict();
export type ProxyAnswer = z.output<typeof proxyAnswerSchema>;

/** How a connection Test reached the API: through which proxy, whose certificate, how long each end took. */
export interface ConnectionRoute {
  /** The proxy its requests go through (host:port, never credentials); absent: direct. */
  proxy?: string;
  /** The API is on this computer (a loopback name): it goes direct whatever the proxy settings say. */
  thisMachine?: true;
  /** Who issued the API's certificate (https), as the connection met it; absent: not seen. */
  issuer?: string;
  /** Milliseconds the token endpoint took, when the Test asked it for a token (absent: one was kept). */
  tokenMs?: number;
  /** Milliseconds the API took to answer the Test's count. */
  apiMs: number;
}

/** A profile as the renderer sees it: never the secret, only whether one is saved. */
/**
 * A saved connection as the UI lists it: whether its secret is saved, and the other connections
 * with the same client and API whose saved secret is another (one of them is mistyped: they share a
 * token, and the secret that works is the one used).
 */
export type ProfileSummary = Profile & { secretSaved: boolean; secretDiffersFrom?: string[] };

/** Saved connections (never their secrets back out), the one a window or tab shows, the session, and a proxy's login. */
export const connectionRequests = {
  'connection.list': {
    input: z.object({}).strict(),
    output: returns<ProfileSummary[]>(),
  },
  'connection.save': {
    input: z
      .object({ id: idSchema.optional(), profile: profileInputSchema, secret: secretSchema.optional() })
      .strict(),
    output: returns<ProfileSummary>(),
  },
  'connection.delete': {
    input: z.object({ id: idSchema }).strict(),
    output: returns<{ deleted: boolean }>(),
  },
  'connection.test': {
    input: z.union([
      z.object({ id: idSchema }).strict(),
      /**
       * A connection as typed, before it is saved: with the secret typed, or (`id`, when the address
       * and client are the saved ones) the secret saved for it.
       */
      z
        .object({ id: idSchema.optional(), profile: profileInputSchema, secret: secretSchema.optional() })
        .strict(),
    ]),
    /** The first list the connection may read (customers, else contacts, else agreements), its count, and those refused before it. */
    output: returns<{
      resource: Resource;
      count: number;
      notPermitted: Resource[];
      route: ConnectionRoute;
    }>(),
  },
  'connection.select': {
    input: z.object({ id: idSchema }).strict(),
    output: returns<SessionStatus>(),
  },
  /** Try the active connection's token request again (after "credentials rejected" or a failing token endpoint). */
  'connection.retry': {
    input: z.object({ ...onConnection }).strict(),
    output: returns<SessionStatus>(),
  },
  'connection.status': {
    input: z.object({}).strict(),
    output: returns<SessionStatus>(),
  },
  /** The user's answer to a proxy asking for a login (the proxy.login event): a login, or Cancel (none). */
  'connection.proxyAnswer': {
    input: proxyAnswerSchema,
    output: returns<{ answered: boolean }>(),
  },
} as const;
