import type { Database } from '../../db/database.js';
import { isUniqueViolation } from '../../lib/db-errors.js';
import { createSecretToken } from '../../lib/secret-tokens.js';
import { enqueueMail, registrationAttemptNoticeMail } from '../mail/mail-outbox.service.js';
import type { AuthDeps } from './account-view.js';
import { sendVerification, type LinkSecret } from './auth.service.js';
import * as accounts from './auth.repository.js';
import { takeSignupCredential, type RelyingParty } from './passkeys.service.js';
import * as repository from './security.repository.js';
import { registrationBlocked } from './verification.service.js';

/**
 * Registering with a passkey and no password (docs/accounts.md#two-step-sign-in-and-passkeys):
 * the same rules as a registration with a password (auth.service.ts `register`), the passkey in
 * place of the password. The account has an empty password hash, which no password matches; the
 * mailed link confirms the address as for anyone, and the member then signs in with the passkey.
 */
export async function registerWithPasskey(
  deps: AuthDeps & { rp: RelyingParty },
  credential: string,
  now: Date,
  link: LinkSecret = createSecretToken(),
) {
  // Taken and checked first (committed): the challenge is used up whatever follows.
  const { name, email, values } = await takeSignupCredential(deps.db, deps.rp, credential, now);
  try {
    await deps.db.transaction(async (tx: Database) => {
      const existing = await accounts.findUserByEmail(tx, email, { forUpdate: true });
      if (existing?.emailVerifiedAt) {
        await enqueueMail(tx, {
          to: existing.email,
          ...registrationAttemptNoticeMail({
            name: existing.name,
            loginUrl: `${deps.publicUrl}/login`,
            forgotUrl: `${deps.publicUrl}/forgot`,
          }),
        });
        return;
      }
      if (await registrationBlocked(tx, email)) return;
      const user = existing
        ? await accounts.updateUser(tx, existing.id, { name, passwordHash: '' })
        : await accounts.insertUser(tx, { name, email, passwordHash: '' });
      if (!user) return;
      // A pending registration's passkeys and reset link belong to the credentials replaced.
      for (const old of await repository.listPasskeys(tx, user.id))
        await repository.deleteOwnPasskey(tx, user.id, old.id);
      await accounts.expireMailTokens(tx, user.id, 'reset_password');
      await repository.insertPasskey(tx, { ...values, userId: user.id, name: 'パスキー' });
      await sendVerification(deps, tx, user, link);
    });
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
  }
}
