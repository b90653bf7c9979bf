import { formatJapanDate } from '@ekispot/shared';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { messages } from '../../../config/messages';
import { isApiError } from '../../../lib/api-error';
import {
  useAccountSecurity,
  useAddPasskey,
  useReauth,
  useRemovePasskey,
} from '../api/account-security';
import { TotpSettings } from './totp-settings';

const text = messages.security;

/** A failed call's message, or the browser's own refusal of a passkey (cancelled, timed out). */
export function failureText(error: unknown): string {
  if (isApiError(error)) return error.message;
  if (
    error instanceof Error &&
    /NotAllowed|AbortError|cancel/i.test(`${error.name} ${error.message}`)
  )
    return text.passkeyCancelled;
  return messages.form.unexpected;
}

/**
 * 「パスキーと2段階認証」 in the settings: confirming it is you once (password or passkey, valid 5
 * minutes: docs/accounts.md#re-authentication), then passkeys and the authenticator app.
 */
export function SecuritySettings({ notify }: { notify: (message: string) => void }) {
  const security = useAccountSecurity();
  const reauth = useReauth();
  const add = useAddPasskey();
  const remove = useRemovePasskey();
  const [password, setPassword] = useState('');
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const data = security.data;
  if (security.isError) return <Typography role="alert">{text.loadFailed}</Typography>;
  if (!data) return null;
  const open = data.reauthUntil !== null && Date.parse(data.reauthUntil) > Date.now();
  const fail = (cause: unknown) => setError(failureText(cause));
  const run = <T,>(work: Promise<T>) => {
    setError(null);
    work.catch(fail);
  };

  return (
    <Stack spacing={3}>
      <Stack spacing={1.5}>
        <Typography variant="body2" color="text.secondary">
          {text.reauthIntro}
        </Typography>
        {error ? (
          <Alert severity="error" role="alert">
            {error}
          </Alert>
        ) : null}
        {open ? (
          <Alert severity="success">{text.reauthOpen}</Alert>
        ) : (
          <Stack
            component="form"
            spacing={1.5}
            onSubmit={(event) => {
              event.preventDefault();
              run(reauth.mutateAsync({ password }).then(() => setPassword('')));
            }}
          >
            {data.hasPassword ? (
              <>
                <TextField
                  label={messages.auth.fields.currentPassword}
                  type="password"
                  autoComplete="current-password"
                  value={password}
                  onChange={(event) => setPassword(event.target.value)}
                />
                <Button
                  type="submit"
                  variant="outlined"
                  disabled={reauth.isPending || password === ''}
                  sx={{ alignSelf: 'flex-start', minHeight: 44 }}
                >
                  {reauth.isPending ? text.reauthing : text.reauthPassword}
                </Button>
              </>
            ) : null}
            {data.passkeys.length > 0 ? (
              <Button
                variant="outlined"
                disabled={reauth.isPending}
                sx={{ alignSelf: 'flex-start', minHeight: 44 }}
                onClick={() => run(reauth.mutateAsync({ passkey: true }))}
              >
                {text.reauthPasskey}
              </Button>
            ) : null}
          </Stack>
        )}
      </Stack>

      <Stack spacing={1.5}>
        <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 700 }}>
          {text.passkeysHeading}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {text.passkeysIntro}
        </Typography>
        {data.passkeys.length === 0 ? <Typography>{text.noPasskeys}</Typography> : null}
        <List disablePadding>
          {data.passkeys.map((passkey) => (
            <ListItem
              key={passkey.id}
              divider
              disableGutters
              sx={{ pr: 10 }}
              secondaryAction={
                <Button
                  size="small"
                  color="error"
                  sx={{ minHeight: 44 }}
                  aria-label={text.removePasskeyLabel(passkey.name)}
                  disabled={!open || remove.isPending}
                  onClick={() => run(remove.mutateAsync(passkey.id).then(notify))}
                >
                  {text.removePasskey}
                </Button>
              }
            >
              <ListItemText
                primary={passkey.name}
                secondary={`${text.passkeyAdded(formatJapanDate(passkey.createdAt))} / ${text.passkeyUsed(
                  passkey.lastUsedAt ? formatJapanDate(passkey.lastUsedAt) : null,
                )}`}
              />
            </ListItem>
          ))}
        </List>
        <Box
          component="form"
          sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'flex-start' }}
          onSubmit={(event) => {
            event.preventDefault();
            run(
              add.mutateAsync(name.trim()).then((message) => {
                setName('');
                notify(message);
              }),
            );
          }}
        >
          <TextField
            label={text.passkeyName}
            helperText={text.passkeyNameHint}
            value={name}
            onChange={(event) => setName(event.target.value)}
            slotProps={{ htmlInput: { maxLength: 40 } }}
            sx={{ flex: '1 1 12rem' }}
          />
          <Button
            type="submit"
            variant="contained"
            disabled={!open || add.isPending || name.trim() === ''}
            sx={{ minHeight: 56 }}
          >
            {add.isPending ? text.addingPasskey : text.addPasskey}
          </Button>
        </Box>
      </Stack>

      <TotpSettings
        enabled={data.totpEnabled}
        recoveryLeft={data.recoveryCodesLeft}
        open={open}
        notify={notify}
        onError={fail}
      />
    </Stack>
  );
}
