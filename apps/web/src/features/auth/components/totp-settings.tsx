import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { messages } from '../../../config/messages';
import {
  useDisableTotp,
  useEnableTotp,
  useRegenerateRecoveryCodes,
  useTotpSetup,
} from '../api/account-security';

const text = messages.security;

/**
 * The authenticator app: set up with the QR code (drawn by the server) and one code; the ten
 * recovery codes are shown once, here, until 「保管しました」.
 */
export function TotpSettings(props: {
  enabled: boolean;
  recoveryLeft: number;
  open: boolean;
  notify: (message: string) => void;
  onError: (error: unknown) => void;
}) {
  const setup = useTotpSetup();
  const enable = useEnableTotp();
  const disable = useDisableTotp();
  const regenerate = useRegenerateRecoveryCodes();
  const [code, setCode] = useState('');
  const [codes, setCodes] = useState<string[] | null>(null);
  const { open, onError } = props;

  return (
    <Stack spacing={1.5}>
      <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 700 }}>
        {text.totpHeading}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {props.enabled ? text.totpOn(props.recoveryLeft) : text.totpOff}
      </Typography>
      {codes ? (
        <Stack spacing={1} role="region" aria-label={text.recoveryHeading}>
          <Typography component="h4" variant="subtitle2" sx={{ fontWeight: 700 }}>
            {text.recoveryHeading}
          </Typography>
          <Typography variant="body2">{text.recoveryIntro}</Typography>
          <Box
            component="ul"
            sx={{ fontFamily: 'monospace', columns: 2, m: 0, pl: 2.5 }}
            data-testid="recovery-codes"
          >
            {codes.map((entry) => (
              <li key={entry}>{entry}</li>
            ))}
          </Box>
          <Button
            variant="outlined"
            sx={{ alignSelf: 'flex-start', minHeight: 44 }}
            onClick={() => setCodes(null)}
          >
            {text.recoveryDone}
          </Button>
        </Stack>
      ) : null}
      {!props.enabled && setup.data ? (
        <Stack
          component="form"
          spacing={1.5}
          onSubmit={(event) => {
            event.preventDefault();
            enable.mutateAsync(code).then((made) => {
              setCodes(made);
              setCode('');
              setup.reset();
            }, onError);
          }}
        >
          <Typography variant="body2">{text.totpScan}</Typography>
          <Box
            component="img"
            src={setup.data.qrCode}
            alt={text.totpQrAlt}
            sx={{ width: 200, height: 200, bgcolor: '#fff' }}
          />
          <Typography variant="body2" sx={{ wordBreak: 'break-all' }}>
            {text.totpManual(setup.data.secret)}
          </Typography>
          <TextField
            label={text.totpCode}
            value={code}
            onChange={(event) => setCode(event.target.value)}
            autoComplete="one-time-code"
            slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 7 } }}
          />
          <Button
            type="submit"
            variant="contained"
            disabled={enable.isPending || code.trim() === ''}
            sx={{ alignSelf: 'flex-start', minHeight: 44 }}
          >
            {text.totpConfirm}
          </Button>
        </Stack>
      ) : null}
      {!props.enabled && !setup.data ? (
        <Button
          variant="outlined"
          disabled={!open || setup.isPending}
          sx={{ alignSelf: 'flex-start', minHeight: 44 }}
          onClick={() => setup.mutateAsync().catch(onError)}
        >
          {text.totpStart}
        </Button>
      ) : null}
      {props.enabled ? (
        <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
          <Button
            variant="outlined"
            disabled={!open || regenerate.isPending}
            sx={{ minHeight: 44 }}
            onClick={() => regenerate.mutateAsync().then(setCodes, onError)}
          >
            {text.recoveryRegenerate}
          </Button>
          <Button
            variant="outlined"
            color="error"
            disabled={!open || disable.isPending}
            sx={{ minHeight: 44 }}
            onClick={() => disable.mutateAsync(undefined).then(props.notify, onError)}
          >
            {text.totpDisable}
          </Button>
        </Stack>
      ) : null}
    </Stack>
  );
}
