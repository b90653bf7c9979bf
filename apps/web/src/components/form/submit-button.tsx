import Button from '@mui/material/Button';
import type { ButtonProps } from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';

interface SubmitButtonProps extends Omit<ButtonProps, 'type' | 'children'> {
  pending: boolean;
  label: string;
  pendingLabel: string;
}

/** A submit button that is disabled while its request runs, so a form is never sent twice. */
export function SubmitButton({
  pending,
  label,
  pendingLabel,
  disabled,
  ...props
}: SubmitButtonProps) {
  return (
    <Button
      type="submit"
      variant="contained"
      size="large"
      disabled={pending || disabled}
      startIcon={pending ? <CircularProgress size={18} color="inherit" aria-hidden="true" /> : null}
      {...props}
    >
      {pending ? pendingLabel : label}
    </Button>
  );
}
