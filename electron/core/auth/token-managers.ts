import { credentialsId, type Credentials } from '../credentials.js';
import { TokenManager, type TokenManagerOptions } from './tokens.js';
import type { Vault } from './vault.js';

/**
 * The token managers of a process, one per credentials (docs/architecture.md, "How a token is spent"), over one vault and
 * one ledger: whatever asks for the same credentials gets the same manager.
 */
export class TokenManagers {
  private readonly managers = new Map<string, TokenManager>();

  constructor(private readonly options: TokenManagerOptions) {}

  /** The manager of `credentials`, made the first time they are seen. */
  forCredentials(credentials: Credentials): TokenManager {
    const id = credentialsId(credentials);
    let manager = this.managers.get(id);
    if (!manager) {
      manager = new TokenManager({ ...credentials }, this.options);
      this.managers.set(id, manager);
    }
    return manager;
  }

  /**
   * A manager of `credentials` shared with nobody, over a vault of its own (a typed secret on
   * trial: it neither uses nor touches the token cached for these credentials); what it is granted
   * is still counted in the machine's ledger. The caller closes it.
   */
  apart(credentials: Credentials, vault: Vault): TokenManager {
    return new TokenManager({ ...credentials }, { ...this.options, vault });
  }

  /** The manager of `credentials` if one was made. */
  existing(credentials: Credentials): TokenManager | undefined {
    return this.managers.get(credentialsId(credentials));
  }

  closeAll(): void {
    for (const manager of this.managers.values()) manager.close();
    this.managers.clear();
  }
}
