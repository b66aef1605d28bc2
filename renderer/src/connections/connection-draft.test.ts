import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import type { ProfileSummary } from '@shared/contract/connection-requests';
import { draftOf, EMPTY_DRAFT, movesCredentials, profileOf } from './connection-draft';

// A catalog that shows which key and values were used.
const t = ((key: string, values?: Record<string, unknown>) =>
  values ? `${key}${JSON.stringify(values)}` : key) as unknown as TFunction;

const saved: ProfileSummary = {
  id: 'p1',
  name: 'Prod',
  baseUrl: 'https://api.example.com',
  authUrl: 'https://auth.example.com/oauth/token',
  clientId: 'client',
  apiPrefix: '/v1',
  schemaPath: '/v1/schemas',
  requestsPerSecond: 20,
  burst: 35,
  createdAt: '2026-01-01T00:00:00Z',
  updatedAt: '2026-01-01T00:00:00Z',
  secretSaved: true,
};

describe('the connection form', () => {
  it('starts a new connection with the spec’s prefix and limits', () => {
    expect(EMPTY_DRAFT).toMatchObject({ apiPrefix: '/v1', requestsPerSecond: '20', burst: '35' });
  });

  it('knows when an edit sends the secret somewhere else (a trailing slash is not elsewhere)', () => {
    const draft = draftOf(saved);
    expect(movesCredentials({ ...draft, name: 'Renamed' }, saved)).toBe(false);
    expect(movesCredentials({ ...draft, baseUrl: 'https://api.example.com/' }, saved)).toBe(false);
    expect(movesCredentials({ ...draft, authUrl: 'https://evil.example/token' }, saved)).toBe(true);
    expect(movesCredentials({ ...draft, audience: 'https://other' }, saved)).toBe(true);
  });

  it('says the bounds of the rate and of the burst, and that the burst covers a second', () => {
    const rule = (draft: Partial<typeof EMPTY_DRAFT>) => profileOf({ ...draftOf(saved), ...draft }, t);
    expect(rule({ requestsPerSecond: '0.01' })).toEqual({
      problems: {
        requestsPerSecond:
          'connections.fieldProblem{"field":"connections.rate","rule":"connections.rateRule{\\"min\\":1,\\"max\\":100}"}',
      },
    });
    expect(rule({ requestsPerSecond: '30', burst: '20' })).toEqual({
      problems: {
        burst: 'connections.fieldProblem{"field":"connections.burst","rule":"connections.burstBelowRate"}',
      },
    });
  });

  it('names each field that is wrong, in the user’s language', () => {
    const result = profileOf(
      { ...EMPTY_DRAFT, name: 'x', baseUrl: 'ftp://x', authUrl: 'https://a', clientId: '' },
      t,
    );
    expect(result).toEqual({
      problems: {
        baseUrl: 'connections.fieldProblem{"field":"connections.baseUrl","rule":"connections.urlRule"}',
        clientId: 'connections.fieldProblem{"field":"connections.clientId","rule":"connections.required"}',
      },
    });
    expect(profileOf(draftOf(saved), t)).toEqual({
      profile: expect.objectContaining({ name: 'Prod', burst: 35 }),
    });
  });
});
