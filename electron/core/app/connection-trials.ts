import { createHash, timingSafeEqual } from 'node:crypto';
import type { ParsedRequestInput } from '../../shared/contract.js';
import { credentialsId, credentialsOf, type Credentials } from '../auth/credentials.js';
import type { ProfileStore } from '../store/profiles.js';
import { treatAsSecret } from '../redact.js';
import type { TokenManagers } from '../auth/token-managers.js';
import { Vault, type CachedToken } from '../auth/vault.js';
import type { Connections } from './connections.js';
import type { ProfileEditor } from './profile-editor.js';

type TestInput = Extract<ParsedRequestInput<'profiles.test'>, { profile: unknown }>;
type ProfileInput = TestInput['profile'];

/**
 * The form's Test: a connection tried as typed, before it is saved (docs/api.md, "Tokens"). The
 * secret is checked as typed: when it is one already saved for these very credentials and API,
 * their cached token is used (no grant); any other secret is tried for real, on a token manager
 * with a keychain of its own, so a failed trial never touches a saved connection's token. A trial
 * that worked keeps its token until the same secret is saved, so Test then Save cost one token.
 */
export class ConnectionTrials {
  /** The last good trial per credentials: its token, and a digest of the secret that got it. */
  private readonly passed = new Map<string, { secretDigest: Buffer; token: CachedToken }>();

  constructor(
    private readonly profiles: ProfileStore,
    private readonly vault: Vault,
    private readonly tokens: TokenManagers,
    private readonly connections: Connections,
    private readonly editor: ProfileEditor,
  ) {}

  /** Tries `profile` with the typed secret, or the one saved for profile `id`: the count of its customers. */
  async test({ id, profile, secret }: TestInput): Promise<{ customers: number }> {
    if (secret !== undefined) treatAsSecret(secret);
    const savedBy = await this.profileSaving(id, profile, secret);
    if (savedBy !== undefined) {
      // The secret is the saved one: the saved connection's own token manager and cached token.
      const { client, tokens } = this.connections.openUnsaved({ ...profile, id: savedBy }, () =>
        this.vault.getSecret(savedBy),
      );
      await tokens.retry();
      return { customers: await client.count({ resource: 'customers' }) };
    }
    const typed = secret ?? '';
    const trialVault = new Vault(undefined, 'trial', 'a trial keeps its token apart until it is saved');
    const trial = this.connections.openTrial({ ...profile, id: 'trial' }, typed, trialVault);
    try {
      const customers = await trial.client.count({ resource: 'customers' });
      const account = credentialsId(credentialsOf(profile));
      const token = await trialVault.getToken(account);
      if (token) this.passed.set(account, { secretDigest: digest(typed), token });
      return { customers };
    } finally {
      trial.tokens.close();
    }
  }

  /**
   * After `secret` was saved for `credentials`: the token a trial of that very secret obtained
   * becomes theirs (no second grant).
   */
  async saved(credentials: Credentials, secret: string): Promise<void> {
    const account = credentialsId(credentials);
    const trial = this.passed.get(account);
    if (!trial || !timingSafeEqual(trial.secretDigest, digest(secret))) return;
    this.passed.delete(account);
    await this.tokens.forCredentials(credentials).adopt(trial.token);
  }

  /**
   * The saved profile whose secret a trial of `profile` uses: with no secret typed, profile `id`'s
   * (refused when the form moved it elsewhere); with one typed, a saved profile of the same
   * credentials and API whose saved secret is that very one (profile `id` first), else none.
   */
  private async profileSaving(
    id: string | undefined,
    profile: ProfileInput,
    typed: string | undefined,
  ): Promise<string | undefined> {
    if (typed === undefined) {
      await this.editor.savedSecretFor(id, profile);
      return id;
    }
    const wanted = credentialsId(credentialsOf(profile));
    const candidates = (await this.profiles.list())
      .filter((saved) => credentialsId(credentialsOf(saved)) === wanted)
      .sort((a, b) => Number(b.id === id) - Number(a.id === id));
    for (const candidate of candidates) {
      const secret = await this.vault.getSecret(candidate.id);
      if (secret !== undefined && timingSafeEqual(digest(secret), digest(typed))) return candidate.id;
    }
    return undefined;
  }
}

/** Secrets are compared by digest in constant time (equal lengths, no early exit). */
function digest(secret: string): Buffer {
  return createHash('sha256').update(secret).digest();
}
