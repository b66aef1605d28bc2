import { z } from 'zod';
import { API_LIMITS, DEFAULT_API_PREFIX } from './api-rules.js';
import { blockedPortOf } from './blocked-ports.js';
import { isThisMachine } from './loopback.js';

const httpUrl = z
  .string()
  .trim()
  .max(2048)
  .superRefine((value, context) => {
    const problem = httpUrlProblem(value);
    if (problem) context.addIssue({ code: 'custom', message: problem });
  })
  .transform((value) => value.replace(/\/+$/, ''));

/** Why `value` cannot be an API or auth address, or undefined when it can. */
function httpUrlProblem(value: string): string | undefined {
  if (!URL.canParse(value)) return 'must be a full URL, like https://api.example.com';
  const url = new URL(value);
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return 'must start with https://';
  if (url.protocol === 'http:' && !isThisMachine(url.hostname)) {
    return 'must use https:// (plain http:// is allowed only to this machine: localhost, 127.x.x.x, [::1])';
  }
  if (url.username || url.password) return 'must not contain a user name or password';
  return undefined;
}

const routePath = z
  .string()
  .trim()
  .regex(/^\/[A-Za-z0-9._~!$&'()*+,;=:@/-]*$/, 'must be a path starting with /, like /v1')
  .transform((value) => (value.length > 1 ? value.replace(/\/+$/, '') : value));

/**
 * The request rate and burst a connection may be given: an API may allow other limits than the
 * spec's 20/s and 35, but below one request a second or above a hundred is a typing mistake (a
 * 0.01 would make one call wait over a minute; a burst of a thousand would earn 503s at once).
 */
export const RATE_BOUNDS = {
  requestsPerSecond: { min: 1, max: 100 },
  burst: { min: 1, max: 200 },
} as const;

const requestsPerSecond = z
  .number()
  .min(RATE_BOUNDS.requestsPerSecond.min)
  .max(RATE_BOUNDS.requestsPerSecond.max)
  .default(API_LIMITS.requestsPerSecond);
const burst = z
  .number()
  .int()
  .min(RATE_BOUNDS.burst.min)
  .max(RATE_BOUNDS.burst.max)
  .default(API_LIMITS.burst);

/** A rate read from the file as it was saved by an older version: brought within the bounds, never refused. */
const withinBounds = ({ min, max }: { min: number; max: number }, fallback: number) =>
  z
    .number()
    .catch(fallback)
    .transform((value) =>
      Number.isFinite(value) && value > 0 ? Math.min(max, Math.max(min, value)) : fallback,
    );

/** How a certificate starts in a PEM file. */
export const PEM_CERTIFICATE_BEGIN = '-----BEGIN CERTIFICATE-----';
/** A company's chain is a few certificates of 2 KiB: 256 KiB is not a root but a mistaken file. */
const CA_CERTIFICATES_MAX_CHARS = 256 * 1024;
const PEM_CERTIFICATE_BLOCK = /-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g;
/** A private key of any kind in PEM (PKCS#8, RSA, EC, encrypted): many tools export it beside the certificate. */
const PEM_PRIVATE_KEY = /-----BEGIN [A-Z0-9 ]*PRIVATE KEY-----/;

/** The certificate blocks of a PEM text, one after another: whatever else it held (a key, notes) left out. */
export function certificateBlocksOf(pem: string): string[] {
  return pem.match(PEM_CERTIFICATE_BLOCK) ?? [];
}

/** Whether a PEM text holds a private key, which has no place in a connection (it is not kept, nor sent anywhere). */
export function holdsPrivateKey(pem: string): boolean {
  return PEM_PRIVATE_KEY.test(pem);
}

/** Only the certificates of a saved root (one saved whole by an older version keeps no key on its way out). */
const savedCaCertificates = z
  .string()
  .transform((pem) => certificateBlocksOf(pem).join('\n') || undefined)
  .optional();

/** The fields of a connection a user enters (the secret is not part of it: it goes to the keychain). */
const profileFields = z
  .object({
    name: z.string().trim().min(1, 'is required').max(100, 'is longer than 100 characters'),
    baseUrl: httpUrl,
    authUrl: httpUrl,
    /** The API's address as the token endpoint knows it; the base URL when left out. */
    audience: z.string().trim().min(1).max(2048).optional(),
    clientId: z.string().trim().min(1, 'is required').max(256),
    apiPrefix: routePath.default(DEFAULT_API_PREFIX),
    schemaPath: routePath.default(`${DEFAULT_API_PREFIX}/schemas`),
    requestsPerSecond,
    burst,
    /**
     * A company's root certificates (PEM) trusted for this connection's API and token endpoint only,
     * beside the system's: for machines where the OS store cannot be read (docs/architecture.md, "In an office").
     */
    caCertificates: z
      .string()
      .max(CA_CERTIFICATES_MAX_CHARS, 'is longer than 256 KiB')
      .superRefine((text, context) => {
        // Left empty (the form's Remove): none, also over one saved before.
        if (text === '') return;
        const problem = holdsPrivateKey(text)
          ? 'holds a private key: give a file with the certificate only (a key is never kept with a connection)'
          : certificateBlocksOf(text).length === 0
            ? 'holds no certificate (PEM, -----BEGIN CERTIFICATE-----)'
            : undefined;
        if (problem) context.addIssue({ code: 'custom', message: problem });
      })
      // The certificates only: what surrounds them in the file is not kept.
      .transform((text) => (text === '' ? undefined : certificateBlocksOf(text).join('\n')))
      .optional(),
  })
  .strict();

/** Why a connection's address is refused by fetch itself: its port (the form says which, in the user's language). */
export const BLOCKED_PORT_RULE = 'blocked-port';

/**
 * What a user enters for a connection: the fields, addresses fetch can reach, and a burst of at least
 * one second's requests. (A saved profile on a refused port is still read: its requests fail, said
 * as such, and spend no token.)
 */
export const profileInputSchema = profileFields
  .superRefine((profile, context) => {
    for (const field of ['baseUrl', 'authUrl'] as const) {
      // An address that is no URL was said by its own field already.
      if (!URL.canParse(profile[field])) continue;
      const port = blockedPortOf(new URL(profile[field]));
      if (port !== undefined)
        context.addIssue({
          code: 'custom',
          path: [field],
          message: `uses port ${port}, which browsers and Node refuse to connect to: use the port the API answers on`,
          params: { rule: BLOCKED_PORT_RULE, port },
        });
    }
  })
  .refine((profile) => profile.burst >= profile.requestsPerSecond, {
    path: ['burst'],
    message: 'must be at least the requests a second',
  });
export type ProfileInput = z.input<typeof profileInputSchema>;

/** A saved connection profile (rates saved by an older version with other bounds are brought within these). */
export const profileSchema = profileFields.extend({
  id: z.uuid(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
  requestsPerSecond: withinBounds(RATE_BOUNDS.requestsPerSecond, API_LIMITS.requestsPerSecond),
  burst: withinBounds(RATE_BOUNDS.burst, API_LIMITS.burst).transform(Math.round),
  caCertificates: savedCaCertificates,
});
export type Profile = z.output<typeof profileSchema>;

/** The audience a token is asked for: the profile's own, or its base URL (docs/architecture.md, "Files shared between processes"). */
export function audienceOf(profile: Pick<Profile, 'audience' | 'baseUrl'>): string {
  return profile.audience ?? profile.baseUrl;
}

/** A zod error as one readable line that names each offending field. */
export function describeIssues(error: z.ZodError): string {
  return error.issues
    .map((issue) => `${issue.path.length ? issue.path.join('.') : 'value'}: ${issue.message}`)
    .join('; ');
}
