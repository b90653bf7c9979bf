import type { Me, ProfileUpdateFields } from '@ekispot/shared';
import { AUTH_COOKIE_MAX_AGE_SECONDS, AVATAR_MAX_BYTES } from '@ekispot/shared';
import type { Database } from '../../db/database.js';
import { isUniqueViolation, retryTransientConflicts } from '../../lib/db-errors.js';
import { HttpError, validationFailed } from '../../lib/http-error.js';
import {
  EMAIL_CHANGE_TTL_HOURS,
  EMAIL_VERIFICATION_TTL_HOURS,
  PASSWORD_RESET_TTL_HOURS,
  accountDeletedMail,
  emailChangeConfirmationMail,
  emailChangeNoticeMail,
  emailVerificationMail,
  passwordChangedMail,
  passwordResetMail,
  enqueueMail,
} from '../mail/mail-outbox.service.js';
import type { ImageSource, ImageStorage } from '../images/images.service.js';
import * as images from '../images/images.service.js';
import { prepareMemberRemoval } from '../posts/posts.service.js';
import { prepareMemberLeaving } from '../users/users.service.js';
import * as repository from './auth.repository.js';
import { dummyPasswordHash, hashPassword, verifyPassword } from './passwords.js';
import { createSecretToken, hashSecretToken } from '../../lib/secret-tokens.js';

/** Account rules (issue: accounts). Mails are queued in the same transaction as the change. */

export interface AuthDeps {
  db: Database;
  publicUrl: string;
  storage: ImageStorage;
}

const HOUR_MS = 60 * 60 * 1000;
const INVALID_LINK =
  'このリンクは無効か、有効期限が切れています。お手数ですが、もう一度お手続きください。';
const WRONG_PASSWORD = 'パスワードが正しくありません。';

export type { UserRow } from './auth.repository.js';

/** The unexpired session a token hash names, with its member, or null (for authentication). */
export function findSession(db: Database, tokenHash: string) {
  return repository.findSession(db, tokenHash);
}

/** Marks a session as used now. */
export function touchSession(db: Database, sessionId: string) {
  return repository.touchSession(db, sessionId);
}

export function toMe(user: repository.UserRow): Me {
  return {
    id: user.id,
    name: user.name,
    bio: user.bio,
    avatar: user.avatarImageId,
    created_at: user.createdAt.toISOString(),
    email: user.email,
    email_verified: user.emailVerifiedAt !== null,
    mail_opt_in: user.mailOptIn,
  };
}

async function sendVerification(deps: AuthDeps, db: Database, user: repository.UserRow) {
  await repository.expireMailTokens(db, user.id, 'verify_email');
  const { token, hash } = createSecretToken();
  const expiresAt = new Date(Date.now() + EMAIL_VERIFICATION_TTL_HOURS * HOUR_MS);
  await repository.insertMailToken(db, {
    userId: user.id,
    purpose: 'verify_email',
    tokenHash: hash,
    expiresAt,
  });
  const url = `${deps.publicUrl}/verify-email/${token}`;
  await enqueueMail(db, {
    to: user.email,
    ...emailVerificationMail({ name: user.name, url, expiresAt }),
  });
}

/**
 * Registers an account and mails a verification link. An address that is already verified
 * gets the same answer and nothing changes, so registering reveals nothing. An address that
 * is registered but not yet verified proves nobody's ownership: whoever registers it again
 * replaces the pending name and password, and every earlier link stops working, so the only
 * link that verifies is the newest one, for the credentials that sent it. Whoever squatted
 * an address first therefore cannot be handed the owner's account.
 */
export async function register(
  deps: AuthDeps,
  input: { name: string; email: string; password: string },
) {
  const passwordHash = await hashPassword(input.password);
  try {
    await deps.db.transaction(async (tx) => {
      // Locked: two registrations of one pending address take turns, the later one wins.
      const existing = await repository.findUserByEmail(tx, input.email, { forUpdate: true });
      if (existing?.emailVerifiedAt) return;
      const user = existing
        ? await repository.updateUser(tx, existing.id, { name: input.name, passwordHash })
        : await repository.insertUser(tx, {
            name: input.name,
            email: input.email,
            passwordHash,
          });
      if (!user) return;
      // A pending reset link was sent for the replaced credentials: it goes as well.
      await repository.expireMailTokens(tx, user.id, 'reset_password');
      await sendVerification(deps, tx, user);
    });
  } catch (error) {
    // Two first registrations for one address at once: the loser looks like any other duplicate.
    if (!isUniqueViolation(error)) throw error;
  }
}

export async function resendVerification(deps: AuthDeps, email: string) {
  await deps.db.transaction(async (tx) => {
    const user = await repository.findUserByEmail(tx, email, { forUpdate: true });
    if (user && !user.emailVerifiedAt) await sendVerification(deps, tx, user);
  });
}

export async function verifyEmail(deps: AuthDeps, token: string): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const used = await repository.consumeMailToken(tx, 'verify_email', hashSecretToken(token));
    if (!used) throw new HttpError('BAD_REQUEST', INVALID_LINK);
    await repository.updateUser(tx, used.userId, { emailVerifiedAt: new Date() });
  });
}

export async function login(
  deps: AuthDeps,
  input: { email: string; password: string; userAgent: string | null },
): Promise<{ token: string; user: Me }> {
  const user = await repository.findUserByEmail(deps.db, input.email);
  // Verify against a dummy hash for unknown addresses so both take the same time.
  const valid = await verifyPassword(
    user?.passwordHash ?? (await dummyPasswordHash()),
    input.password,
  );
  if (!user || !valid) {
    throw new HttpError('VALIDATION_FAILED', 'メールアドレスまたはパスワードが正しくありません。', {
      email: ['メールアドレスまたはパスワードが正しくありません。'],
    });
  }
  if (!user.emailVerifiedAt) throw new HttpError('EMAIL_NOT_VERIFIED');
  const { token, hash } = createSecretToken();
  await repository.insertSession(deps.db, {
    userId: user.id,
    tokenHash: hash,
    userAgent: input.userAgent?.slice(0, 300) ?? null,
    expiresAt: new Date(Date.now() + AUTH_COOKIE_MAX_AGE_SECONDS * 1000),
  });
  return { token, user: toMe(user) };
}

export async function logout(deps: AuthDeps, tokenHash: string) {
  await repository.deleteSession(deps.db, tokenHash);
}

/** Changes the password and signs out every other session. */
export async function changePassword(
  deps: AuthDeps,
  session: { user: repository.UserRow; sessionId: string },
  input: { currentPassword: string; password: string },
) {
  if (!(await verifyPassword(session.user.passwordHash, input.currentPassword))) {
    throw validationFailed({ current_password: ['現在のパスワードが正しくありません。'] });
  }
  const passwordHash = await hashPassword(input.password);
  await deps.db.transaction(async (tx) => {
    await repository.updateUser(tx, session.user.id, { passwordHash });
    await repository.deleteSessionsOf(tx, session.user.id, session.sessionId);
    await enqueuePasswordChangedNotice(deps, tx, session.user);
  });
}

/** 「パスワードが変更されました」, after a change and after a reset alike. */
async function enqueuePasswordChangedNotice(
  deps: AuthDeps,
  tx: Database,
  user: Pick<repository.UserRow, 'name' | 'email'>,
) {
  const mail = passwordChangedMail({
    name: user.name,
    changedAt: new Date(),
    resetUrl: `${deps.publicUrl}/forgot`,
  });
  await enqueueMail(tx, { to: user.email, ...mail });
}

/** Mails a reset link if the address is registered; the answer is the same either way. */
export async function requestPasswordReset(deps: AuthDeps, email: string) {
  const user = await repository.findUserByEmail(deps.db, email);
  if (!user) return;
  await deps.db.transaction(async (tx) => {
    await repository.expireMailTokens(tx, user.id, 'reset_password');
    const { token, hash } = createSecretToken();
    const expiresAt = new Date(Date.now() + PASSWORD_RESET_TTL_HOURS * HOUR_MS);
    await repository.insertMailToken(tx, {
      userId: user.id,
      purpose: 'reset_password',
      tokenHash: hash,
      expiresAt,
    });
    const url = `${deps.publicUrl}/reset-password/${token}`;
    await enqueueMail(tx, {
      to: user.email,
      ...passwordResetMail({ name: user.name, url, expiresAt }),
    });
  });
}

/** Sets a new password from a reset link and signs out every session. */
export async function resetPassword(deps: AuthDeps, input: { token: string; password: string }) {
  const passwordHash = await hashPassword(input.password);
  await deps.db.transaction(async (tx) => {
    const used = await repository.consumeMailToken(
      tx,
      'reset_password',
      hashSecretToken(input.token),
    );
    if (!used) throw new HttpError('BAD_REQUEST', INVALID_LINK);
    // Opening the mailed link proves the address too.
    const user = await repository.findUserById(tx, used.userId);
    await repository.updateUser(tx, used.userId, {
      passwordHash,
      emailVerifiedAt: user?.emailVerifiedAt ?? new Date(),
    });
    await repository.deleteSessionsOf(tx, used.userId);
    // The same notice as a change: whoever holds the mailbox learns the password changed.
    if (user) await enqueuePasswordChangedNotice(deps, tx, user);
  });
}

/**
 * Mails a confirmation link to the new address and a notice to the old one. Only the link
 * changes the address. An address another account uses gets no mail, and the answer is
 * the same, so the request reveals nothing.
 */
export async function requestEmailChange(
  deps: AuthDeps,
  user: repository.UserRow,
  input: { email: string; password: string },
) {
  if (!(await verifyPassword(user.passwordHash, input.password))) {
    throw validationFailed({ password: [WRONG_PASSWORD] });
  }
  if (input.email === user.email) {
    throw validationFailed({ email: ['現在と同じメールアドレスです。'] });
  }
  const taken = await repository.findUserByEmail(deps.db, input.email);
  await deps.db.transaction(async (tx) => {
    if (!taken) {
      await repository.expireMailTokens(tx, user.id, 'change_email');
      const { token, hash } = createSecretToken();
      const expiresAt = new Date(Date.now() + EMAIL_CHANGE_TTL_HOURS * HOUR_MS);
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
      if (!used?.newEmail) throw new HttpError('BAD_REQUEST', INVALID_LINK);
      const user = await repository.updateUser(tx, used.userId, {
        email: used.newEmail,
        emailVerifiedAt: new Date(),
      });
      if (!user) throw new HttpError('BAD_REQUEST', INVALID_LINK);
      return toMe(user);
    });
  } catch (error) {
    if (isUniqueViolation(error))
      throw new HttpError('CONFLICT', 'このメールアドレスはすでに別のアカウントで使われています。');
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
    throw validationFailed({ password: [WRONG_PASSWORD] });
  }
  // The member's posts leave every list by cascade: see retryTransientConflicts.
  const files = await retryTransientConflicts(() =>
    deps.db.transaction(async (tx) => {
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
