import type { Me, ProfileUpdateFields } from '@ekispot/shared';
import { AVATAR_MAX_BYTES } from '@ekispot/shared';
import { isUniqueViolation, retryTransientConflicts } from '../../lib/db-errors.js';
import { HttpError, validationFailed } from '../../lib/http-error.js';
import { createSecretToken, hashSecretToken } from '../../lib/secret-tokens.js';
import type { ImageSource } from '../images/images.service.js';
import * as images from '../images/images.service.js';
import {
  EMAIL_CHANGE_TTL_HOURS,
  accountDeletedMail,
  emailChangeConfirmationMail,
  emailChangeNoticeMail,
  enqueueMail,
} from '../mail/mail-outbox.service.js';
import { assertProfileText } from '../newcomers/newcomers.service.js';
import { inTransaction } from '../effects/effects.service.js';
import { prepareMemberRemoval } from '../posts/posts.service.js';
import { prepareMemberLeaving } from '../users/users.service.js';
import { type AuthDeps, hoursFromNow, toMe } from './account-view.js';
import { AUTH_MESSAGES } from './auth.messages.js';
import * as repository from './auth.repository.js';
import { verifyPassword } from './passwords.js';
import { enqueueSecurityAlert } from './security-alerts.js';
import { requireReauth } from './sessions.service.js';

/** A signed-in member's own account (docs/accounts.md): address, profile, leaving. */

/**
 * Mails a confirmation link to the new address and a notice to the old one. Only the link
 * changes the address. An address another account uses gets no mail, and the answer is
 * the same, so the request reveals nothing.
 */
export async function requestEmailChange(
  deps: AuthDeps,
  user: repository.UserRow,
  input: { email: string; password?: string | undefined },
  session: { sessionId: string; now: Date },
) {
  // The password, or an open re-authentication window (docs/accounts.md#re-authentication).
  await requireReauth(deps.db, { user, sessionId: session.sessionId }, session.now, {
    field: 'password',
    value: input.password,
  });
  if (input.email === user.email) {
    throw validationFailed({ email: [AUTH_MESSAGES.sameEmail] });
  }
  const taken = await repository.findUserByEmail(deps.db, input.email);
  await deps.db.transaction(async (tx) => {
    if (!taken) {
      await repository.expireMailTokens(tx, user.id, 'change_email');
      const { token, hash } = createSecretToken();
      const expiresAt = hoursFromNow(EMAIL_CHANGE_TTL_HOURS);
      await repository.insertMailToken(tx, {
        userId: user.id,
        purpose: 'change_email',
        tokenHash: hash,
        expiresAt,
        newEmail: input.email,
      });
      const url = `${deps.publicUrl}/verify-new-email/${token}`;
      await enqueueMail(tx, {
        to: input.email,
        ...emailChangeConfirmationMail({ name: user.name, url, expiresAt, newEmail: input.email }),
      });
    }
    await enqueueMail(tx, {
      to: user.email,
      ...emailChangeNoticeMail({
        name: user.name,
        newEmail: input.email,
        supportUrl: `${deps.publicUrl}/settings/profile`,
      }),
    });
  });
}

export async function verifyEmailChange(deps: AuthDeps, token: string): Promise<Me> {
  try {
    return await deps.db.transaction(async (tx) => {
      const used = await repository.consumeMailToken(tx, 'change_email', hashSecretToken(token));
      if (!used?.newEmail) throw new HttpError('BAD_REQUEST', AUTH_MESSAGES.invalidLink);
      const before = await repository.findUserById(tx, used.userId, { forUpdate: true });
      const user = await repository.updateUser(tx, used.userId, {
        email: used.newEmail,
        emailVerifiedAt: new Date(),
      });
      if (!user || !before) throw new HttpError('BAD_REQUEST', AUTH_MESSAGES.invalidLink);
      // The old address hears of it, with the link that secures the account (#alerts).
      await enqueueSecurityAlert(tx, deps.publicUrl, user, 'email-changed', { to: before.email });
      return toMe(user);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new HttpError('CONFLICT', AUTH_MESSAGES.emailTaken);
    throw error;
  }
}

/**
 * Changes only the fields sent. A new avatar is re-encoded and stored before the row
 * changes; the old one's row goes in the same transaction and its files once it commits,
 * and a failed update takes the new files away again, so nothing is left half-done.
 */
export async function updateProfile(
  deps: AuthDeps,
  user: repository.UserRow,
  fields: ProfileUpdateFields,
  avatar: ImageSource | undefined,
): Promise<Me> {
  assertProfileText(user.emailVerifiedAt, fields.bio);
  const stored = avatar
    ? await images
        .storeImage(deps.db, deps.storage, user.id, avatar, { maxBytes: AVATAR_MAX_BYTES })
        .catch((error: unknown) => {
          throw images.asFieldError('avatar', error);
        })
    : null;
  const replacesAvatar = stored !== null || fields.remove_avatar === 'true';
  try {
    const { updated, removed } = await deps.db.transaction(async (tx) => {
      // Locked so two updates at once cannot both think they replace the same old avatar.
      const current = await repository.findUserById(tx, user.id, { forUpdate: true });
      if (!current) throw new HttpError('UNAUTHENTICATED');
      const row = await repository.updateUser(tx, user.id, {
        ...(fields.name !== undefined && { name: fields.name }),
        ...(fields.bio !== undefined && { bio: fields.bio }),
        ...(fields.mail_opt_in !== undefined && { mailOptIn: fields.mail_opt_in === 'true' }),
        ...(replacesAvatar && { avatarImageId: stored?.id ?? null }),
      });
      const old = current.avatarImageId;
      const keys =
        replacesAvatar && old && old !== stored?.id ? await images.deleteImageRows(tx, [old]) : [];
      return { updated: row, removed: keys };
    });
    await images.deleteImageFiles(deps.storage, removed);
    if (!updated) throw new HttpError('UNAUTHENTICATED');
    return toMe(updated);
  } catch (error) {
    if (stored) await images.deleteImages(deps.db, deps.storage, [stored.id]).catch(() => 0);
    throw error;
  }
}

/**
 * Deletes the account with everything it owns: rows cascade from the user, and the
 * uploaded images (which have no cascading key) go with it, their files after the commit.
 * Other members' posts attached to the member's posts stay, and the member's reactions
 * leave the counters of the posts that remain (posts/post-removal.ts).
 */
export async function deleteAccount(deps: AuthDeps, user: repository.UserRow, password: string) {
  if (!(await verifyPassword(user.passwordHash, password))) {
    throw validationFailed({ password: [AUTH_MESSAGES.wrongPassword] });
  }
  // The member's posts leave every list by cascade: see retryTransientConflicts.
  const files = await retryTransientConflicts(() =>
    inTransaction(deps.db, async (tx) => {
      await prepareMemberRemoval(tx, user.id);
      await prepareMemberLeaving(tx, user.id);
      const keys = await images.deleteImageRowsOwnedBy(tx, user.id);
      await repository.deleteUser(tx, user.id);
      await enqueueMail(tx, { to: user.email, ...accountDeletedMail({ name: user.name }) });
      return keys;
    }),
  );
  await images.deleteImageFiles(deps.storage, files);
}
