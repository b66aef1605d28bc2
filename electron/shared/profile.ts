import { z } from 'zod';
import { API_LIMITS, DEFAULT_API_PREFIX } from './api-rules.js';

/** Host names that are this machine: the only ones plain http may go to. */
const LOOPBACK_HOST = /^(localhost|127(\.\d{1,3}){3}|\[::1\])$/i;

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
  if (url.protocol === 'http:' && !LOOPBACK_HOST.test(url.hostname)) {
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

/** What a user enters for a connection (the secret is not part of it: it goes to the keychain). */
export const profileInputSchema = z
  .object({
    name: z.string().trim().min(1, 'is required').max(100, 'is longer than 100 characters'),
    baseUrl: httpUrl,
    authUrl: httpUrl,
    /** The API's address as the token endpoint knows it; the base URL when left out. */
    audience: z.string().trim().min(1).max(2048).optional(),
    clientId: z.string().trim().min(1, 'is required').max(256),
    apiPrefix: routePath.default(DEFAULT_API_PREFIX),
    schemaPath: routePath.default(`${DEFAULT_API_PREFIX}/schemas`),
    requestsPerSecond: z.number().positive().max(1_000).default(API_LIMITS.requestsPerSecond),
    burst: z.number().int().min(1).max(1_000).default(API_LIMITS.burst),
  })
  .strict();
export type ProfileInput = z.input<typeof profileInputSchema>;

/** A saved connection profile. */
export const profileSchema = profileInputSchema.extend({
  id: z.uuid(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type Profile = z.output<typeof profileSchema>;

/** The audience a token is asked for: the profile's own, or its base URL (DESIGN.md, "Profiles"). */
export function audienceOf(profile: Pick<Profile, 'audience' | 'baseUrl'>): string {
  return profile.audience ?? profile.baseUrl;
}

/** A zod error as one readable line that names each offending field. */
export function describeIssues(error: z.ZodError): string {
  return error.issues
    .map((issue) => `${issue.path.length ? issue.path.join('.') : 'value'}: ${issue.message}`)
    .join('; ');
}
