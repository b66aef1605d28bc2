import type { TFunction } from 'i18next';
import { API_LIMITS, DEFAULT_API_PREFIX } from '@shared/api-rules';
import type { ProfileSummary } from '@shared/contract/connection-requests';
import { BLOCKED_PORT_RULE, profileInputSchema, RATE_BOUNDS, type ProfileInput } from '@shared/profile';

/** A connection profile as the form holds it: every field as typed. */
export interface Draft {
  name: string;
  baseUrl: string;
  authUrl: string;
  audience: string;
  clientId: string;
  apiPrefix: string;
  schemaPath: string;
  requestsPerSecond: string;
  burst: string;
  /** A company's root certificates (PEM) read from the file the user chose; empty: none. */
  caCertificates: string;
}

/** A new connection: the spec's prefix and limits (api-rules.ts). */
export const EMPTY_DRAFT: Draft = {
  name: '',
  baseUrl: '',
  authUrl: '',
  audience: '',
  clientId: '',
  apiPrefix: DEFAULT_API_PREFIX,
  schemaPath: `${DEFAULT_API_PREFIX}/schemas`,
  requestsPerSecond: String(API_LIMITS.requestsPerSecond),
  burst: String(API_LIMITS.burst),
  caCertificates: '',
};

export const TEXT_FIELDS = ['name', 'baseUrl', 'authUrl', 'audience', 'clientId'] as const;
export const ADVANCED_FIELDS = ['apiPrefix', 'schemaPath', 'requestsPerSecond', 'burst'] as const;
const URL_FIELDS = new Set(['baseUrl', 'authUrl']);
/** The fields that say where the secret goes: changing one needs the secret typed again. */
const CREDENTIAL_FIELDS = ['baseUrl', 'authUrl', 'audience', 'clientId'] as const;

/** The catalog key of each field's label. */
export const LABEL_KEYS: Record<keyof Draft, string> = {
  name: 'connections.name',
  baseUrl: 'connections.baseUrl',
  authUrl: 'connections.authUrl',
  audience: 'connections.audience',
  clientId: 'connections.clientId',
  apiPrefix: 'connections.apiPrefix',
  schemaPath: 'connections.schemaPath',
  requestsPerSecond: 'connections.rate',
  burst: 'connections.burst',
  caCertificates: 'connections.companyRoot',
};

/** The form's fields for a saved profile. */
export function draftOf(profile: ProfileSummary): Draft {
  return {
    name: profile.name,
    baseUrl: profile.baseUrl,
    authUrl: profile.authUrl,
    audience: profile.audience ?? '',
    clientId: profile.clientId,
    apiPrefix: profile.apiPrefix,
    schemaPath: profile.schemaPath,
    requestsPerSecond: String(profile.requestsPerSecond),
    burst: String(profile.burst),
    caCertificates: profile.caCertificates ?? '',
  };
}

/** Whether `draft` sends the secret somewhere else than `saved` did (the app then asks for it again). */
export function movesCredentials(draft: Draft, saved: ProfileSummary): boolean {
  const before = draftOf(saved);
  return CREDENTIAL_FIELDS.some((name) => draft[name].trim().replace(/\/+$/, '') !== before[name]);
}

/** What is wrong with a form's fields: one sentence per field, naming it, in the user's language. */
export type FieldProblems = Partial<Record<keyof Draft | 'secret', string>>;

/**
 * The profile `draft` describes, or what is wrong with it, field by field in the user's language.
 * The app checks again; checking here first names the field in the user's language.
 */
export function profileOf(
  draft: Draft,
  t: TFunction,
): { profile: ProfileInput } | { problems: FieldProblems } {
  const profile = {
    name: draft.name,
    baseUrl: draft.baseUrl,
    authUrl: draft.authUrl,
    ...(draft.audience.trim() && { audience: draft.audience }),
    clientId: draft.clientId,
    apiPrefix: draft.apiPrefix,
    schemaPath: draft.schemaPath,
    requestsPerSecond: Number(draft.requestsPerSecond),
    burst: Number(draft.burst),
    // Always sent: empty removes a root saved before.
    caCertificates: draft.caCertificates,
  };
  const checked = profileInputSchema.safeParse(profile);
  // What the user typed goes to the app as typed: the app normalises it with the same schema.
  if (checked.success) return { profile };
  const problems: FieldProblems = {};
  for (const issue of checked.error.issues) {
    const field = String(issue.path[0] ?? '') as keyof Draft;
    if (!(field in LABEL_KEYS) || problems[field]) continue;
    problems[field] = t('connections.fieldProblem', {
      field: t(LABEL_KEYS[field]),
      rule: ruleOf(field, issue, t),
    });
  }
  return { problems };
}

/** The rule a field's value broke, in the user's language. */
function ruleOf(
  field: keyof Draft,
  issue: { code: string; message: string; params?: Record<string, unknown> },
  t: TFunction,
): string {
  if (issue.params?.rule === BLOCKED_PORT_RULE)
    return t('connections.blockedPortRule', { port: issue.params.port });
  if (URL_FIELDS.has(field)) return t('connections.urlRule');
  if (field === 'requestsPerSecond') return t('connections.rateRule', RATE_BOUNDS.requestsPerSecond);
  if (field === 'caCertificates') return t('connections.companyRootRule');
  if (field === 'burst')
    return issue.code === 'custom'
      ? t('connections.burstBelowRate')
      : t('connections.burstRule', RATE_BOUNDS.burst);
  return issue.code === 'too_small'
    ? t('connections.required')
    : t('connections.invalidValue', { detail: issue.message });
}
