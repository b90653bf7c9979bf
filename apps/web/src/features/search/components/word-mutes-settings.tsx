import DeleteIcon from '@mui/icons-material/Delete';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  WORD_MUTE_DURATION_LABELS,
  WORD_MUTE_DURATIONS,
  WORD_MUTE_MODE_LABELS,
  WORD_MUTE_MODES,
  type WordMuteDuration,
} from '@ekispot/shared';
import { useState, type FormEvent } from 'react';
import { messages } from '../../../config/messages';
import { ApiError } from '../../../lib/api-error';
import { formatJapanDateTime } from '../../../lib/japan-time';
import { useAddWordMute, useRemoveWordMute, useWordMutes } from '../api/search-api';

const text = messages.wordMutes;

/**
 * Word mutes in the settings (docs/search.md#word-mutes): add a word, phrase or #tag for 1 hour,
 * 1 day, 7 days or until removed, hiding or folding the posts that hold it; the list shows the
 * mutes in force with their end, each with a remove button.
 */
export function WordMutesSettings({ notify }: { notify: (message: string) => void }) {
  const mutes = useWordMutes();
  const add = useAddWordMute();
  const remove = useRemoveWordMute();
  const [phrase, setPhrase] = useState('');
  const [duration, setDuration] = useState<WordMuteDuration>('forever');
  const [mode, setMode] = useState<'hide' | 'fold'>('fold');
  const [errors, setErrors] = useState<Record<string, string[]>>({});

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setErrors({});
    try {
      await add.mutateAsync({ phrase, duration, mode });
      setPhrase('');
      notify(text.added);
    } catch (error) {
      setErrors(
        error instanceof ApiError && error.errors
          ? error.errors
          : { form: [String((error as Error).message)] },
      );
    }
  };

  return (
    <Stack spacing={2}>
      <Typography>{text.intro}</Typography>
      <Stack component="form" spacing={2} onSubmit={(event) => void submit(event)} noValidate>
        {errors.form ? <Alert severity="error">{errors.form[0]}</Alert> : null}
        <TextField
          label={text.phrase}
          value={phrase}
          onChange={(event) => setPhrase(event.target.value)}
          error={Boolean(errors.phrase)}
          helperText={errors.phrase?.[0]}
          required
          slotProps={{ htmlInput: { maxLength: 50 } }}
        />
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <TextField
            select
            label={text.duration}
            value={duration}
            onChange={(event) => setDuration(event.target.value as WordMuteDuration)}
            sx={{ minWidth: 160 }}
          >
            {WORD_MUTE_DURATIONS.map((value) => (
              <MenuItem key={value} value={value}>
                {WORD_MUTE_DURATION_LABELS[value]}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            select
            label={text.mode}
            value={mode}
            onChange={(event) => setMode(event.target.value === 'hide' ? 'hide' : 'fold')}
            sx={{ minWidth: 160 }}
          >
            {WORD_MUTE_MODES.map((value) => (
              <MenuItem key={value} value={value}>
                {WORD_MUTE_MODE_LABELS[value]}
              </MenuItem>
            ))}
          </TextField>
        </Stack>
        <Button
          type="submit"
          variant="contained"
          disabled={add.isPending}
          sx={{ alignSelf: 'flex-start', minHeight: 44 }}
        >
          {text.add}
        </Button>
      </Stack>
      {mutes.data?.items.length === 0 ? <Typography>{text.none}</Typography> : null}
      <List aria-label={text.title}>
        {mutes.data?.items.map((mute) => (
          <ListItem
            key={mute.id}
            divider
            secondaryAction={
              <IconButton
                edge="end"
                aria-label={text.remove(mute.phrase)}
                onClick={() => remove.mutate(mute.id, { onSuccess: () => notify(text.removed) })}
                sx={{ width: 44, height: 44 }}
              >
                <DeleteIcon aria-hidden="true" />
              </IconButton>
            }
          >
            <ListItemText
              primary={mute.phrase}
              secondary={`${WORD_MUTE_MODE_LABELS[mute.mode]}・${
                mute.expiresAt ? text.until(formatJapanDateTime(mute.expiresAt)) : text.forever
              }`}
            />
          </ListItem>
        ))}
      </List>
    </Stack>
  );
}
