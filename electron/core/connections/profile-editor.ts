import type { ParsedRequestInput } from '../../shared/contract/contract.js';
import type { ProfileSummary } from '../../shared/contract/connection-requests.js';
import type { Profile } from '../../shared/profile.js';
import { companyRootProblem } from '../net/company-roots.js';
import { credentialsOf, sameCredentials } from '../credentials.js';
import type { ProfileStore } from '../store/profiles.js';
import { treatAsSecret } from '../redact.js';
import type { TokenManagers } from '../auth/token-managers.js';
import type { Vault } from '../auth/vault.js';
import { AppError } from '../engine-errors.js';

type ProfileInput = ParsedRequestInput<'connection.save'>['profile'];

/**
 * Saved connections as the user edits them: each profile with its secret in the keychain, and
 * the rule that credentials belong to their address (docs/architecture.md, "How a token is spent"): a secret or a token
 * never goes where it was not entered for. Never hands out a secret.
 */
export class ProfileEditor {
  constructor(
    private readonly profiles: ProfileStore,
    private readonly vault: Vault,
    private readonly tokens: TokenManagers,
  ) {}

  /** Every saved profile, saying whether its secret is in the keychain. */
  async list(): Promise<ProfileSummary[]> {
    return Promise.all((await this.profiles.list()).map((profile) => this.summary(profile)));
  }

  /**
   * Creates (no `id`) or updates a profile. A change of the base URL, auth URL, audience or client
   * id needs the secret typed again, and drops the token cached for the old credentials.
   */
  async save(
    id: string | undefined,
    profile: ProfileInput,
    secret: string | undefined,
  ): Promise<ProfileSummary> {
    if (secret !== undefined) treatAsSecret(secret);
    const rootProblem = profile.caCertificates && companyRootProblem(profile.caCertificates);
    if (rootProblem) throw new AppError('invalid-argument', `company root certificate: ${rootProblem}`);
    if (id === undefined) {
      const created = await this.profiles.create(profile);
      if (secret !== undefined) await this.vault.setSecret(created.id, secret);
      return this.summary(created);
    }
    const before = await this.profiles.get(id);
    if (!before) throw new AppError('not-found', `there is no connection with id ${id}`);
    const moved =
      before.baseUrl !== profile.baseUrl || !sameCredentials(credentialsOf(before), credentialsOf(profile));
    if (moved && secret === undefined) {
      throw new AppError(
        'secret-required',
        'the address or client id of this connection changed: type its client secret again (a secret is only sent where it was entered for)',
      );
    }
    const saved = await this.profiles.update(id, profile);
    if (moved) {
      await this.vault.deleteSecret(id);
      await this.releaseCredentials(before, { always: true });
    }
    if (secret !== undefined) {
      await this.vault.setSecret(id, secret);
      // A new secret is the user trying again: lift an earlier "credentials rejected".
      await this.tokens.existing(credentialsOf(saved))?.retry();
    }
    return this.summary(saved);
  }

  /**
   * The secret saved for profile `id`, to try `profile` with: only while `profile` still names the
   * saved address and client (a secret is only sent where it was entered for).
   */
  async savedSecretFor(id: string | undefined, profile: ProfileInput): Promise<string> {
    const before = id === undefined ? undefined : await this.profiles.get(id);
    const secret = before && (await this.vault.getSecret(before.id));
    const moved =
      !before ||
      before.baseUrl !== profile.baseUrl ||
      !sameCredentials(credentialsOf(before), credentialsOf(profile));
    if (moved || secret === undefined) {
      throw new AppError(
        'secret-required',
        'type the client secret to try this connection (a saved secret is only sent to the address and client it was saved for)',
      );
    }
    return secret;
  }

  /** Deletes a profile with its secret, and its credentials' token if no other profile uses them. */
  async delete(id: string): Promise<boolean> {
    const before = await this.profiles.get(id);
    const deleted = await this.profiles.remove(id);
    if (before && deleted) {
      await this.vault.deleteSecret(id);
      await this.releaseCredentials(before);
    }
    return deleted;
  }

  private async summary(profile: Profile): Promise<ProfileSummary> {
    const secret = await this.vault.getSecret(profile.id);
    const differs: string[] = [];
    for (const twin of await this.profiles.list()) {
      if (twin.id === profile.id || !sameCredentials(credentialsOf(twin), credentialsOf(profile))) continue;
      const theirs = await this.vault.getSecret(twin.id);
      if (secret !== undefined && theirs !== undefined && theirs !== secret) differs.push(twin.name);
    }
    return {
      ...profile,
      secretSaved: secret !== undefined,
      ...(differs.length > 0 && { secretDiffersFrom: differs }),
    };
  }

  /**
   * A profile no longer uses its credentials: its secret stops being used for them, and their
   * cached token is dropped when no other profile uses them (`always`: even then).
   */
  private async releaseCredentials(profile: Profile, { always = false } = {}): Promise<void> {
    const credentials = credentialsOf(profile);
    const manager = this.tokens.forCredentials(credentials);
    manager.dropSecretSource(profile.id);
    if (always || !(await this.profiles.othersUse(credentials, profile.id))) await manager.forget();
  }
}
