import {
  MAP_IMAGE_ASPECT,
  MAP_IMAGE_BASE_WIDTH,
  MAP_IMAGE_WIDTHS,
  mapImagePath,
  mapImageVersion,
  type MapImageKind,
  type MapImageWidth,
} from '@ekispot/shared';
import TouchAppOutlined from '@mui/icons-material/TouchAppOutlined';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import { Suspense, useEffect, useRef, useState, type ReactNode } from 'react';
import { messages } from '../../../config/messages';

/**
 * A map the server drew (docs/map.md#map-images), under a button 「地図を操作する」 that starts
 * the interactive map in its place. Nothing of MapLibre is downloaded before the tap: the map
 * is `renderMap`'s lazily loaded component, drawn over the image, which stays visible until the
 * map covers it. The image fills its box (sized by the parent) as `object-fit: cover` does, and
 * `renderMap` is told how much larger than the base width the image is shown, so the map opens
 * on the same view.
 */
export function MapImagePreview({
  kind,
  id,
  alt,
  sizes = '(min-width: 900px) 50vw, 100vw',
  places,
  renderMap,
}: {
  kind: MapImageKind;
  id: string | number;
  /** 「東京駅周辺の地図」: what the image shows. */
  alt: string;
  sizes?: string;
  /** What a post's or list's image shows: a change is a new address, never a stale image. */
  places?: readonly { lat: number; lng: number }[];
  /** The interactive map; `scale` is the shown size over the image's base size. */
  renderMap: (scale: number) => ReactNode;
}) {
  const box = useRef<HTMLDivElement>(null);
  const [scale, setScale] = useState<number | null>(null);
  const version = places ? mapImageVersion(places) : undefined;
  const pathAt = (width: MapImageWidth) => mapImagePath(kind, id, width, version);
  useEffect(() => {
    // The button is gone: the focus goes to the map that replaced it.
    if (scale !== null) box.current?.focus();
  }, [scale]);
  const open = () => {
    const element = box.current;
    const baseHeight = MAP_IMAGE_BASE_WIDTH * MAP_IMAGE_ASPECT;
    setScale(
      element
        ? Math.max(element.clientWidth / MAP_IMAGE_BASE_WIDTH, element.clientHeight / baseHeight)
        : 1,
    );
  };
  return (
    <Box
      ref={box}
      tabIndex={-1}
      data-testid="map-image-preview"
      sx={{ position: 'absolute', inset: 0, outline: 'none' }}
    >
      <img
        src={pathAt(MAP_IMAGE_BASE_WIDTH)}
        srcSet={MAP_IMAGE_WIDTHS.map((width) => `${pathAt(width)} ${width}w`).join(', ')}
        sizes={sizes}
        alt={alt}
        width={MAP_IMAGE_BASE_WIDTH}
        height={MAP_IMAGE_BASE_WIDTH * MAP_IMAGE_ASPECT}
        decoding="async"
        style={{
          position: 'absolute',
          inset: 0,
          width: '100%',
          height: '100%',
          objectFit: 'cover',
          display: 'block',
        }}
      />
      {scale === null ? (
        <ButtonBase
          onClick={open}
          sx={{
            position: 'absolute',
            inset: 0,
            alignItems: 'flex-end',
            justifyContent: 'flex-end',
            p: 1,
            '&.Mui-focusVisible .map-open-label': { outline: '3px solid', outlineOffset: 2 },
          }}
        >
          <Box
            component="span"
            className="map-open-label"
            sx={{
              display: 'inline-flex',
              alignItems: 'center',
              gap: 0.75,
              minHeight: 44,
              px: 1.5,
              borderRadius: 22,
              bgcolor: 'background.paper',
              color: 'text.primary',
              boxShadow: 2,
              fontSize: '0.875rem',
              fontWeight: 700,
            }}
          >
            <TouchAppOutlined fontSize="small" aria-hidden />
            {messages.station.openMap}
          </Box>
        </ButtonBase>
      ) : (
        <Suspense fallback={null}>{renderMap(scale)}</Suspense>
      )}
    </Box>
  );
}
