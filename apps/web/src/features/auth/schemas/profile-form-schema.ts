import { AVATAR_MAX_BYTES, profileUpdateFieldsSchema } from '@ekispot/shared';
import { z } from 'zod';
import { messages } from '../../../config/messages';
import { buildFormData } from '../../../lib/form-data';
import { IMAGE_ACCEPT, isAcceptedImageFile } from '../../../lib/image-files';

/** What the file picker offers. */
export const AVATAR_ACCEPT = IMAGE_ACCEPT;

export const isAcceptedImage = isAcceptedImageFile;

export const avatarFileSchema = z
  .instanceof(File)
  .refine((file) => file.size <= AVATAR_MAX_BYTES, messages.auth.avatar.tooLarge)
  .refine(isAcceptedImage, messages.auth.avatar.wrongType);

/**
 * The profile section of the settings page: name and bio with the shared rules of
 * `POST /auth/update`, the mail notice switch as a boolean, and the avatar as a file to
 * upload or a request to remove the current one.
 */
export const profileFormSchema = z.object({
  name: profileUpdateFieldsSchema.shape.name.unwrap(),
  bio: profileUpdateFieldsSchema.shape.bio.unwrap(),
  mail_opt_in: z.boolean(),
  avatar: avatarFileSchema.nullable(),
  remove_avatar: z.boolean(),
});

export type ProfileFormValues = z.input<typeof profileFormSchema>;
export type ProfileFormOutput = z.output<typeof profileFormSchema>;

/**
 * The multipart body of `POST /auth/update` (docs/product-rules.md#calls-and-their-names, via
 * buildFormData): the text fields always, `remove_avatar=true` only when the avatar is removed and
 * no new one is chosen, and the file last, after the fields it belongs with.
 */
export function buildProfileFormData(values: ProfileFormOutput): FormData {
  return buildFormData({
    name: values.name,
    bio: values.bio,
    mailOptIn: values.mail_opt_in,
    removeAvatar: values.remove_avatar && values.avatar === null ? true : null,
    avatar: values.avatar,
  });
}
