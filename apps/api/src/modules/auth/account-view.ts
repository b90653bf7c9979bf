import type { Me } from '@ekispot/shared';
import type { Database } from '../../db/database.js';
import type { ImageStorage } from '../images/images.service.js';
import type { UserRow } from './auth.repository.js';

/** What the account services need: the database, the site's address for links, image files. */
export interface AuthDeps {
  db: Database;
  publicUrl: string;
  storage: ImageStorage;
}

const HOUR_MS = 60 * 60 * 1000;

/** When a mailed link made now stops working. */
export function hoursFromNow(hours: number): Date {
  return new Date(Date.now() + hours * HOUR_MS);
}

/** The signed-in member as the API shows them to themselves. */
export function toMe(user: UserRow): Me {
  return {
    id: user.id,
    name: user.name,
    bio: user.bio,
    avatar: user.avatarImageId,
    created_at: user.createdAt.toISOString(),
    email: user.email,
    email_verified: user.emailVerifiedAt !== null,
    mail_opt_in: user.mailOptIn,
    is_moderator: user.role === 'moderator',
  };
}
