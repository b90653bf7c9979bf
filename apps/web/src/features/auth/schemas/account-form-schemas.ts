import {
  passwordChangeBodySchema,
  passwordResetBodySchema,
  registerBodySchema,
} from '@ekispot/shared';

/**
 * The forms that compare a password with its confirmation use the API's own schemas, so
 * every rule and Japanese message is the server's.
 */
export const registerFormSchema = registerBodySchema;
export const passwordChangeFormSchema = passwordChangeBodySchema;
export const passwordResetFormSchema = passwordResetBodySchema;
