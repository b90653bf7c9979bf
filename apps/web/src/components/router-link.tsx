import Button from '@mui/material/Button';
import type { ButtonProps } from '@mui/material/Button';
import Link from '@mui/material/Link';
import type { LinkProps } from '@mui/material/Link';

/** MUI link that navigates inside the app (the theme routes `href` through the router). */
export function RouterLink({ to, ...props }: Omit<LinkProps, 'href'> & { to: string }) {
  return <Link href={to} {...props} />;
}

/** MUI button that navigates inside the app. */
export function RouterButton({ to, ...props }: Omit<ButtonProps, 'href'> & { to: string }) {
  return <Button href={to} {...props} />;
}
