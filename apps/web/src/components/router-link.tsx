import Button from '@mui/material/Button';
import type { ButtonProps } from '@mui/material/Button';
import Link from '@mui/material/Link';
import type { LinkProps } from '@mui/material/Link';
import { TOUCH_SCREEN, TOUCH_TARGET_PX } from '../lib/theme';

/** MUI link that navigates inside the app (the theme routes `href` through the router). */
export function RouterLink({ to, ...props }: Omit<LinkProps, 'href'> & { to: string }) {
  return <Link href={to} {...props} />;
}

/**
 * A link that stands on its own rather than inside a sentence (「パスワードをお忘れの方はこちら」,
 * 「新規登録」 after its lead-in): on a touch screen a 44 px target, like a button.
 */
export function StandaloneLink({ sx, ...props }: Omit<LinkProps, 'href'> & { to: string }) {
  return (
    <RouterLink
      {...props}
      sx={[
        {
          [TOUCH_SCREEN]: {
            display: 'inline-flex',
            alignItems: 'center',
            minHeight: TOUCH_TARGET_PX,
            // A one-character name is as wide a target as a longer one.
            minWidth: TOUCH_TARGET_PX,
          },
        },
        ...(Array.isArray(sx) ? sx : [sx]),
      ]}
    />
  );
}

/** MUI button that navigates inside the app. */
export function RouterButton({ to, ...props }: Omit<ButtonProps, 'href'> & { to: string }) {
  return <Button href={to} {...props} />;
}
