import AddLocationAltOutlinedIcon from '@mui/icons-material/AddLocationAltOutlined';
import PostAddIcon from '@mui/icons-material/PostAdd';
import Button from '@mui/material/Button';
import { useState, type ReactNode } from 'react';
import { messages } from '../../../config/messages';
import { isApiError } from '../../../lib/api-error';
import { useAddListItem } from '../api/add-list-item';

const text = messages.lists.editor;

/** A station search dialog, supplied by the page (the stations feature owns the search). */
export type StationPickerRender = (props: {
  open: boolean;
  title: string;
  intro: string;
  onClose: () => void;
  onPick: (station: { id: number; name: string }) => void;
}) => ReactNode;

/** A dialog to pick a post (the member's own, or one they liked), supplied by the page. */
export type PostPickerRender = (props: {
  open: boolean;
  title: string;
  onClose: () => void;
  onPick: (post: { id: string; title: string }) => void;
}) => ReactNode;

type Picked =
  { kind: 'station'; id: number; name: string } | { kind: 'post'; id: string; title: string };

/**
 * 「駅を追加」 or 「投稿を追加」 in the list editor: pick a station by search, or one of the member's
 * posts or of those they liked, and add it at the end without leaving the list
 * (docs/lists.md#screens). One already on the list is refused with the server's message.
 */
export function AddFromPicker(
  props: { listId: string; onNotice: (message: string) => void } & (
    | { kind: 'station'; renderPicker: StationPickerRender }
    | { kind: 'post'; renderPicker: PostPickerRender }
  ),
) {
  const { listId, onNotice } = props;
  const [open, setOpen] = useState(false);
  const add = useAddListItem();
  const onPick = (picked: Picked) => {
    setOpen(false);
    add.mutate(
      {
        listId,
        target: picked.kind === 'station' ? { stationGroupId: picked.id } : { postId: picked.id },
      },
      {
        onSuccess: () =>
          onNotice(
            picked.kind === 'station'
              ? text.stationAdded(picked.name)
              : text.postAdded(picked.title),
          ),
        onError: (error) => onNotice(isApiError(error) ? error.message : text.failed),
      },
    );
  };
  const onClose = () => setOpen(false);
  return (
    <>
      <Button
        variant="outlined"
        startIcon={props.kind === 'station' ? <AddLocationAltOutlinedIcon /> : <PostAddIcon />}
        onClick={() => setOpen(true)}
        sx={{ minHeight: 44 }}
      >
        {props.kind === 'station' ? text.addStation : text.addPost}
      </Button>
      {props.kind === 'station'
        ? props.renderPicker({
            open,
            title: text.addStationTitle,
            intro: text.addStationIntro,
            onClose,
            onPick: (station) => onPick({ kind: 'station', ...station }),
          })
        : props.renderPicker({
            open,
            title: text.addPostTitle,
            onClose,
            onPick: (post) => onPick({ kind: 'post', ...post }),
          })}
    </>
  );
}
