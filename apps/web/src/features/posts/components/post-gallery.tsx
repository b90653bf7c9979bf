import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import { useState } from 'react';
import { messages } from '../../../config/messages';
import type { PostView } from '../api/get-post';
import { imageUrl, photoSrcSet } from '../../../lib/image-url';
import { ImageViewerDialog } from './image-viewer-dialog';

type PostImageView = PostView['images'][number];

/** A single photo's width on screen: the page's width on a phone, the post column's (md, 900 px less padding) above. */
const SINGLE_PHOTO_SIZES = '(min-width: 900px) 852px, calc(100vw - 32px)';

/**
 * The post's photos: one photo shown large, several as a grid of square thumbnails. Every
 * image carries its width and height so the page does not jump while they load; thumbnails
 * load lazily, as the browser scrolls near them. A photo opens the viewer.
 */
export function PostGallery({
  images,
  title,
}: {
  images: readonly PostImageView[];
  title: string;
}) {
  const [open, setOpen] = useState<number | null>(null);
  const total = images.length;
  if (total === 0) return null;
  const single = total === 1;

  return (
    <>
      <Box
        component="ul"
        aria-label={messages.posts.gallery.heading}
        sx={{
          listStyle: 'none',
          p: 0,
          m: 0,
          display: 'grid',
          gap: 1,
          gridTemplateColumns: single
            ? 'minmax(0, 1fr)'
            : {
                xs: 'repeat(2, minmax(0, 1fr))',
                sm: 'repeat(3, minmax(0, 1fr))',
                md: 'repeat(4, minmax(0, 1fr))',
              },
        }}
      >
        {images.map((image, index) => (
          <li key={image.id}>
            <ButtonBase
              onClick={() => setOpen(index)}
              aria-label={messages.posts.gallery.open(index + 1, total)}
              sx={{
                display: 'block',
                width: '100%',
                borderRadius: 1,
                overflow: 'hidden',
                bgcolor: 'grey.200',
              }}
            >
              <Box
                component="img"
                src={imageUrl(image.id, single ? 'full' : 'thumb')}
                // One photo is the page's largest picture: a phone takes the thumbnail or the
                // middle size when it is wide enough, and it is fetched at once, not lazily.
                {...(single && {
                  srcSet: photoSrcSet(image),
                  sizes: SINGLE_PHOTO_SIZES,
                  fetchPriority: 'high',
                })}
                width={single ? image.width : image.thumbWidth}
                height={single ? image.height : image.thumbHeight}
                alt={messages.posts.gallery.thumbAlt(title, index + 1, total)}
                loading={single ? 'eager' : 'lazy'}
                decoding="async"
                sx={
                  single
                    ? {
                        display: 'block',
                        width: '100%',
                        height: 'auto',
                        maxHeight: '70vh',
                        objectFit: 'contain',
                      }
                    : {
                        display: 'block',
                        width: '100%',
                        height: 'auto',
                        aspectRatio: '1 / 1',
                        objectFit: 'cover',
                      }
                }
              />
            </ButtonBase>
          </li>
        ))}
      </Box>
      <ImageViewerDialog
        images={images}
        index={open}
        title={title}
        onIndexChange={setOpen}
        onClose={() => setOpen(null)}
      />
    </>
  );
}
