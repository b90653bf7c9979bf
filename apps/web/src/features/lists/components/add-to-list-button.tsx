import PlaylistAddCheckIcon from '@mui/icons-material/PlaylistAddCheck';
import PlaylistAddIcon from '@mui/icons-material/PlaylistAdd';
import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import Divider from '@mui/material/Divider';
import FormControlLabel from '@mui/material/FormControlLabel';
import Popover from '@mui/material/Popover';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { LIST_TITLE_MAX, listCreateBodySchema } from '@ekispot/shared';
import { useId, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { messages } from '../../../config/messages';
import { useAddListItem } from '../api/add-list-item';
import { useCreateList } from '../api/create-list';
import { useListsContaining, type ContainingList } from '../api/get-lists-containing';
import type { ListTarget } from '../api/query-keys';
import { useRemoveListItem } from '../api/remove-list-item';

const text = messages.lists.add;

const errorText = (error: unknown) =>
  error instanceof Error && error.message ? error.message : messages.lists.editor.failed;

/**
 * 「リストに追加」 on station and post pages: the member's lists with a check where the station
 * or post is in them (a click adds or removes it in place), and 「新しいリスト」 to create one
 * with it. A visitor's first call answers 401, which leads to /login and back.
 */
export function AddToListButton({
  target,
  onNotice,
}: {
  target: ListTarget;
  onNotice: (message: string) => void;
}) {
  const anchor = useRef<HTMLButtonElement>(null);
  const [open, setOpen] = useState(false);
  const popoverId = useId();
  const lists = useListsContaining(target, open);
  const inAny = (lists.data ?? []).some((list) => list.itemId !== null);

  return (
    <>
      <Button
        ref={anchor}
        variant="outlined"
        startIcon={inAny ? <PlaylistAddCheckIcon /> : <PlaylistAddIcon />}
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={open ? popoverId : undefined}
        onClick={() => setOpen(true)}
      >
        {text.button}
      </Button>
      <Popover
        id={popoverId}
        open={open}
        anchorEl={anchor.current}
        onClose={() => setOpen(false)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}
        slotProps={{
          paper: { role: 'dialog', 'aria-label': text.menuLabel, sx: { width: 320, p: 2 } },
        }}
      >
        <ListChoices target={target} query={lists} onNotice={onNotice} />
        <Divider sx={{ my: 1.5 }} />
        <NewListForm target={target} onNotice={onNotice} />
      </Popover>
    </>
  );
}

function ListChoices({
  target,
  query,
  onNotice,
}: {
  target: ListTarget;
  query: ReturnType<typeof useListsContaining>;
  onNotice: (message: string) => void;
}) {
  const add = useAddListItem();
  const remove = useRemoveListItem();
  // The box shows the choice at once; the refetched lists confirm it (or take it back).
  const [choices, setChoices] = useState<Record<string, boolean>>({});
  const settle = (listId: string) => setChoices(({ [listId]: _settled, ...rest }) => rest);

  const toggle = (list: ContainingList) => {
    setChoices((current) => ({ ...current, [list.id]: list.itemId === null }));
    const after = { onSettled: () => settle(list.id) };
    if (list.itemId) {
      remove.mutate(
        { listId: list.id, itemId: list.itemId },
        {
          onSuccess: () => onNotice(text.removed(list.title)),
          onError: (error) => onNotice(errorText(error)),
          ...after,
        },
      );
    } else {
      add.mutate(
        { listId: list.id, target },
        {
          onSuccess: () => onNotice(text.added(list.title)),
          onError: (error) => onNotice(errorText(error)),
          ...after,
        },
      );
    }
  };

  if (query.isPending) {
    return (
      <Box role="status" sx={{ display: 'flex', justifyContent: 'center', py: 2 }}>
        <CircularProgress size={24} aria-label={text.loading} />
      </Box>
    );
  }
  if (query.isError) return <Alert severity="error">{text.failed}</Alert>;
  if (query.data.length === 0) return <Typography color="text.secondary">{text.none}</Typography>;
  return (
    <Stack role="group" aria-label={text.menuLabel} sx={{ maxHeight: 280, overflowY: 'auto' }}>
      {query.data.map((list) => (
        <FormControlLabel
          key={list.id}
          control={
            <Checkbox
              checked={choices[list.id] ?? list.itemId !== null}
              onChange={() => toggle(list)}
              disabled={list.id in choices}
            />
          }
          label={
            <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
              <span>{list.title}</span>
              {list.isPublic ? null : (
                <LockOutlinedIcon sx={{ fontSize: 16 }} titleAccess={messages.lists.private} />
              )}
            </Stack>
          }
        />
      ))}
    </Stack>
  );
}

/** 「新しいリスト」: a title, then the list is created with the station or post in it. */
function NewListForm({
  target,
  onNotice,
}: {
  target: ListTarget;
  onNotice: (message: string) => void;
}) {
  const [title, setTitle] = useState('');
  const [error, setError] = useState<string | null>(null);
  const create = useCreateList();
  const add = useAddListItem();
  const pending = create.isPending || add.isPending;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = listCreateBodySchema.shape.title.safeParse(title);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? null);
      return;
    }
    setError(null);
    create.mutate(
      { title: parsed.data },
      {
        onSuccess: (list) =>
          add.mutate(
            { listId: list.id, target },
            {
              onSuccess: () => {
                setTitle('');
                onNotice(text.added(list.title));
              },
              onError: (failure) => onNotice(errorText(failure)),
            },
          ),
        onError: (failure) => setError(errorText(failure)),
      },
    );
  };

  return (
    <Stack component="form" noValidate onSubmit={onSubmit} spacing={1} aria-label={text.newList}>
      <Typography variant="subtitle2" component="h2">
        {text.newList}
      </Typography>
      <TextField
        label={text.newListTitle}
        value={title}
        onChange={(event) => setTitle(event.target.value)}
        error={error !== null}
        helperText={error}
        size="small"
        slotProps={{ htmlInput: { maxLength: LIST_TITLE_MAX } }}
      />
      <Button type="submit" variant="contained" disabled={pending} startIcon={<PlaylistAddIcon />}>
        {pending ? text.creating : text.createAndAdd}
      </Button>
    </Stack>
  );
}
