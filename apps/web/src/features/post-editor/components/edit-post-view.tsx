import type { PostKind } from '@ekispot/shared';
import { Navigate } from 'react-router';
import { ErrorView } from '../../../components/error-view';
import { messages } from '../../../config/messages';
import { paths } from '../../../config/paths';
import type { PostData } from '../api/post-data';
import type { PostTarget } from '../utils/build-post-form-data';
import { resolveEditAccess } from '../utils/editor-routes';
import { EditorLoadFailed, EditorLoading } from './editor-states';
import { FormFrame } from './form-frame';
import { isNotFoundError } from './load-state';
import type { Loadable } from './load-state';
import { PostEditorForm } from './post-editor-form';
import type { PostWriteHandlers } from './post-editor-form';

const text = messages.postEditor.context;

interface EditPostViewProps extends PostWriteHandlers {
  /** The page title from the route table. */
  title: string;
  kind: PostKind;
  /** From the path or `?postId=`; null when missing or malformed. */
  postId: string | null;
  /** The post, loaded by the page (not loaded when postId is null). */
  post: Loadable<PostData>;
  /** /post/update/image/{stationGroupId} */
  stationGroupId?: number | undefined;
  /** The signed-in user's id. */
  viewerId: string | null;
}

function editIntro(post: PostData): string {
  if (post.kind !== 'image') return '';
  if (post.parent) return text.editImageForPost(post.parent.title || text.untitled);
  if (post.station) return text.editImageForStation(post.station.name);
  return '';
}

/**
 * Every update route (docs/product-rules.md#posts): a missing post, one of another kind, or someone
 * else's is a 404; only the owner sees the form, filled in.
 */
export function EditPostView({
  title,
  kind,
  postId,
  post,
  stationGroupId,
  viewerId,
  onSaved,
  onDeleted,
}: EditPostViewProps) {
  if (postId === null) return <ErrorView status={404} />;
  if (post.isPending) return <EditorLoading />;
  if (post.isError || post.data === undefined) {
    if (isNotFoundError(post.error)) return <ErrorView status={404} />;
    return <EditorLoadFailed onRetry={() => void post.refetch()} />;
  }
  const saved = post.data;
  const access = resolveEditAccess(saved, viewerId, {
    kind,
    ...(stationGroupId !== undefined ? { stationGroupId } : {}),
  });
  switch (access.type) {
    case 'not-found':
      return <ErrorView status={404} />;
    case 'redirect':
      return <Navigate to={access.to} replace />;
    case 'edit':
      break;
  }
  const target: PostTarget = {
    kind,
    stationGroupId: saved.stationGroupId,
    parentPostId: saved.parentPostId,
  };
  return (
    <FormFrame title={title} intro={editIntro(saved)}>
      <PostEditorForm
        // Another post on the same route (a new ?postId=) starts a fresh form.
        key={saved.id}
        target={target}
        post={saved}
        parentTitle={saved.parent ? saved.parent.title || text.untitled : null}
        onSaved={onSaved}
        onDeleted={onDeleted}
        cancelHref={paths.post.href(saved.id)}
      />
    </FormFrame>
  );
}
