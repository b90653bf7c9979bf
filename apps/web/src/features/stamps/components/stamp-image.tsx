import Box from '@mui/material/Box';
import { buildApiUrl } from '../../../lib/api-client';
import { messages } from '../../../config/messages';

/** `YYYY-MM-DD` → 「2026.11.23」, as date stamps print it. */
const stampDate = (date: string) => date.replaceAll('-', '.');

/**
 * The station's stamp image (the same for everyone, cached by the browser) with the day it was
 * collected printed over it, as a date stamp would be.
 */
export function StampImage({
  stationGroupId,
  name,
  collectedOn,
  size,
}: {
  stationGroupId: number;
  name: string;
  collectedOn: string | null;
  size: number;
}) {
  return (
    <Box sx={{ position: 'relative', width: size, height: size, mx: 'auto' }}>
      <Box
        component="img"
        src={buildApiUrl(`/stations/${stationGroupId}/stamp.svg`)}
        alt={messages.stamps.imageAlt(name)}
        width={size}
        height={size}
        loading="lazy"
        sx={{ display: 'block', width: size, height: size }}
      />
      {collectedOn && (
        <Box
          component="span"
          aria-hidden="true"
          sx={{
            position: 'absolute',
            right: '4%',
            bottom: '10%',
            px: 0.5,
            border: '2px solid',
            borderColor: 'error.main',
            borderRadius: 1,
            color: 'error.main',
            bgcolor: 'rgba(255,255,255,0.85)',
            fontWeight: 700,
            fontSize: Math.max(10, size * 0.09),
            lineHeight: 1.2,
            transform: 'rotate(-8deg)',
            fontVariantNumeric: 'tabular-nums',
          }}
        >
          {stampDate(collectedOn)}
        </Box>
      )}
    </Box>
  );
}
