import Box from '@mui/material/Box';
import {
  COUNTRY_MAP_LANDSCAPE_MEDIA,
  countryMapLayout,
  countryMapPath,
  type CountryMapLayout,
  JAPAN_FIT_PADDING,
} from '@ekispot/shared';
import { messages } from '../../../config/messages';
import { MAP_COLORS } from '../../../lib/map/basemap-style';

const portrait = countryMapLayout('portrait');
const landscape = countryMapLayout('landscape');
const FADE = '0.4s';

/**
 * The image's width in its box, as MapLibre's fitBounds scales the country: the fitted bounds
 * fill the box less the padding on the side that limits them, centred. The image is centred on
 * the bounds' middle, so it lies exactly under the view the map will draw (container units: the
 * box is a size container).
 */
function widthIn(layout: CountryMapLayout) {
  const padding = 2 * JAPAN_FIT_PADDING;
  const byWidth = (layout.width / layout.boundsWidth).toFixed(5);
  const byHeight = (layout.width / layout.boundsHeight).toFixed(5);
  return `min((100cqw - ${padding}px) * ${byWidth}, (100cqh - ${padding}px) * ${byHeight})`;
}

/**
 * The top map's first view drawn by the server (docs/map.md#the-first-view-as-an-image): the
 * country and its station clusters, in the server's HTML, under the loading pill until the
 * interactive map has drawn the same view; then it fades out. A phone held upright gets the
 * tall image, a wider screen the wide one.
 */
export function CountryMapImage({ drawn }: { drawn: boolean }) {
  return (
    <Box
      data-testid="map-first-view"
      sx={{
        position: 'absolute',
        inset: 0,
        overflow: 'hidden',
        containerType: 'size',
        bgcolor: MAP_COLORS.sea,
        pointerEvents: 'none',
        opacity: drawn ? 0 : 1,
        visibility: drawn ? 'hidden' : 'visible',
        transition: `opacity ${FADE} ease-out, visibility 0s linear ${FADE}`,
        '@media (prefers-reduced-motion: reduce)': { transition: 'none' },
      }}
    >
      <picture>
        <source
          media={COUNTRY_MAP_LANDSCAPE_MEDIA}
          srcSet={countryMapPath('landscape')}
          width={landscape.width}
          height={landscape.height}
        />
        <Box
          component="img"
          src={countryMapPath('portrait')}
          alt={messages.map.firstView}
          width={portrait.width}
          height={portrait.height}
          decoding="async"
          sx={{
            position: 'absolute',
            left: '50%',
            top: '50%',
            transform: 'translate(-50%, -50%)',
            maxWidth: 'none',
            height: 'auto',
            width: widthIn(portrait),
            [`@media ${COUNTRY_MAP_LANDSCAPE_MEDIA}`]: { width: widthIn(landscape) },
          }}
        />
      </picture>
    </Box>
  );
}
