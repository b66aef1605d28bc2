// Run by vault.integration.test.ts in a separate process whose keychain is absent or locked: saves a secret,
// reads it back and prints what the vault said, as one JSON line.
import { openVault } from '../auth/vault.js';

const vault = await openVault(process.argv[2]);
const unavailableAtOpen = vault.unavailable?.message ?? null;
await vault.setSecret('probe-profile', 'probe-secret-value');
const readBack = await vault.getSecret('probe-profile');
console.log(
  JSON.stringify({
    unavailableAtOpen,
    unavailable: vault.unavailable?.message ?? null,
    reason: vault.unavailable?.reason ?? null,
    readBack,
  }),
);
