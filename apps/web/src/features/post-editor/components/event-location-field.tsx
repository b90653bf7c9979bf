import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useController } from 'react-hook-form';
import type { Control, UseFormClearErrors } from 'react-hook-form';
import { messages } from '../../../config/messages';
import type { EventLocationMode, PostFormValues, StartStation } from '../schemas/post-form-schema';
import { LocationPicker } from './location-picker';
import { StationPicker } from './station-picker';

const text = messages.postEditor.location;

interface EventLocationFieldProps {
  control: Control<PostFormValues>;
  clearErrors: UseFormClearErrors<PostFormValues>;
  /** The spot the event may be held at, when it has one. */
  parentTitle: string | null;
  disabled: boolean;
  /** The station the form was opened from: the map opens there when the event is placed on it. */
  mapStart?: StartStation | null;
}

/** Where an event is held: at its spot (when it has one), at a station, or at a point on the map. */
export function EventLocationField({
  control,
  clearErrors,
  parentTitle,
  disabled,
  mapStart = null,
}: EventLocationFieldProps) {
  const legendId = useId();
  const mode = useController({ control, name: 'locationMode' });
  const station = useController({ control, name: 'station' });
  const point = useController({ control, name: 'point' });
  const modes: { value: EventLocationMode; label: string }[] = [
    ...(parentTitle !== null
      ? [{ value: 'parent' as const, label: text.modeParent(parentTitle) }]
      : []),
    { value: 'station', label: text.modeStation },
    { value: 'point', label: text.modePoint },
  ];

  return (
    <Stack spacing={2}>
      <FormControl component="fieldset" disabled={disabled}>
        <FormLabel component="legend" id={legendId} sx={{ fontWeight: 700, color: 'text.primary' }}>
          {text.modeLegend} *
        </FormLabel>
        <RadioGroup
          row
          aria-labelledby={legendId}
          name={mode.field.name}
          value={mode.field.value}
          onChange={(event) => {
            const next = modes.find((option) => option.value === event.target.value);
            if (!next) return;
            mode.field.onChange(next.value);
            clearErrors(['station', 'point']);
          }}
        >
          {modes.map((option) => (
            <FormControlLabel
              key={option.value}
              value={option.value}
              control={<Radio />}
              label={option.label}
            />
          ))}
        </RadioGroup>
      </FormControl>
      {mode.field.value === 'parent' ? (
        <Typography color="text.secondary">{text.parentNote}</Typography>
      ) : null}
      {mode.field.value === 'station' ? (
        <StationPicker
          label={messages.postEditor.fields.station}
          value={station.field.value}
          onChange={station.field.onChange}
          onBlur={station.field.onBlur}
          inputRef={station.field.ref}
          required
          disabled={disabled}
          error={station.fieldState.error?.message}
        />
      ) : null}
      {mode.field.value === 'point' ? (
        <LocationPicker
          label={messages.postEditor.fields.location}
          value={point.field.value}
          onChange={point.field.onChange}
          buttonRef={point.field.ref}
          required
          disabled={disabled}
          error={point.fieldState.error?.message}
          startAt={mapStart}
        />
      ) : null}
    </Stack>
  );
}
