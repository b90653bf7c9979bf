import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { ErrorView } from '../../../components/error-view';
import { PageFrame } from '../../../components/page-frame';
import { RouterButton } from '../../../components/router-link';
import { messages } from '../../../config/messages';
import { paths } from '../../../config/paths';
import { useNotice } from '../../../hooks/use-notice';
import { isApiError } from '../../../lib/api-error';
import { showFlash } from '../../../lib/flash-message';
import { usePrimaryLoading } from '../../../lib/page-loading';
import { useCreateList } from '../api/create-list';
import { useDeleteList } from '../api/delete-list';
import { useList } from '../api/get-list';
import { useListItems } from '../api/get-list-items';
import { useUpdateList } from '../api/update-list';
import { AddFromPicker, type PostPickerRender, type StationPickerRender } from './add-from-picker';
import { ListForm } from './list-form';
import { ListItemsEditor } from './list-items-editor';

const text = messages.lists;

/** /list/create: title, description and the public switch; then the new list's page. */
export function ListCreate({ title }: { title: string }) {
  const create = useCreateList();
  const navigate = useNavigate();
  return (
    <PageFrame title={title}>
      <ListForm
        mode="create"
        initial={{ title: '', description: '', isPublic: true }}
        onSubmit={async (values) => {
          const list = await create.mutateAsync(values);
          showFlash(text.form.created);
          void navigate(paths.list.href(list.id));
        }}
      />
    </PageFrame>
  );
}

/**
 * /list/update/{listId}: the owner's form, items (order, notes, removal) and deletion. A list
 * that is missing, private to someone else or not the viewer's is the 404 page.
 */
export function ListUpdate({
  title,
  listId,
  viewerId,
  renderStationPicker,
  renderPostPicker,
}: {
  title: string;
  listId: string | null;
  viewerId: string | null | undefined;
  /** The station search behind 「駅を追加」 (the page supplies it). */
  renderStationPicker: StationPickerRender;
  /** The member's posts behind 「投稿を追加」 (the page supplies it). */
  renderPostPicker: PostPickerRender;
}) {
  if (listId === null) return <ErrorView status={404} />;
  return (
    <ListUpdateLoaded
      title={title}
      listId={listId}
      viewerId={viewerId}
      renderStationPicker={renderStationPicker}
      renderPostPicker={renderPostPicker}
    />
  );
}

function ListUpdateLoaded({
  title,
  listId,
  viewerId,
  renderStationPicker,
  renderPostPicker,
}: {
  title: string;
  listId: string;
  viewerId: string | null | undefined;
  renderStationPicker: StationPickerRender;
  renderPostPicker: PostPickerRender;
}) {
  const list = useList(listId);
  const items = useListItems(listId);
  const update = useUpdateList(listId);
  const remove = useDeleteList(listId);
  const notice = useNotice();
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState(false);
  const pending = list.isPending || items.isPending || viewerId === undefined;
  usePrimaryLoading(pending);

  if (list.isError || items.isError) {
    const error = list.error ?? items.error;
    if (isApiError(error) && error.status === 404) return <ErrorView status={404} />;
    throw error;
  }
  if (pending) {
    return (
      <Box role="status" sx={{ display: 'flex', justifyContent: 'center', py: 8 }}>
        <CircularProgress aria-label={text.loading} />
      </Box>
    );
  }
  if (list.data.user.id !== viewerId) return <ErrorView status={404} />;

  const saved = list.data;
  return (
    <PageFrame title={title}>
      <ListForm
        // A save that changed the list on the server starts the form from its answer.
        key={saved.updatedAt}
        mode="update"
        initial={{
          title: saved.title,
          description: saved.description,
          isPublic: saved.isPublic,
        }}
        onSubmit={async (values) => {
          await update.mutateAsync(values);
          notice.show(text.form.saved);
        }}
      />
      <Divider sx={{ my: 4 }} />
      <Box component="section" aria-labelledby="list-items-heading">
        <Typography id="list-items-heading" component="h2" variant="h6" sx={{ mb: 1 }}>
          {text.editor.itemsHeading}
        </Typography>
        <ListItemsEditor listId={listId} items={items.data} onNotice={notice.show} />
        <Stack direction="row" sx={{ mt: 2, gap: 1, flexWrap: 'wrap' }}>
          <AddFromPicker
            kind="station"
            listId={listId}
            renderPicker={renderStationPicker}
            onNotice={notice.show}
          />
          <AddFromPicker
            kind="post"
            listId={listId}
            renderPicker={renderPostPicker}
            onNotice={notice.show}
          />
        </Stack>
      </Box>
      <Divider sx={{ my: 4 }} />
      <Stack direction="row" spacing={2} sx={{ justifyContent: 'space-between' }}>
        <RouterButton to={paths.list.href(listId)} variant="outlined">
          {text.editor.view}
        </RouterButton>
        <Button color="error" onClick={() => setConfirming(true)}>
          {text.editor.delete}
        </Button>
      </Stack>
      <ConfirmDialog
        open={confirming}
        title={text.editor.deleteTitle}
        body={text.editor.deleteBody}
        confirmLabel={text.editor.delete}
        busyLabel={text.editor.deleting}
        busy={remove.isPending}
        onClose={() => setConfirming(false)}
        onConfirm={() =>
          remove.mutate(undefined, {
            onSuccess: () => {
              showFlash(text.editor.deleted);
              void navigate(paths.profileLists.href(saved.user.id), { replace: true });
            },
            onError: (error) => {
              setConfirming(false);
              notice.show(error instanceof Error ? error.message : text.editor.failed);
            },
          })
        }
      />
      {notice.element}
    </PageFrame>
  );
}
