import { useLocation } from 'react-router';
import { useMe } from '../../features/auth/api/get-me';
import { EditPostView } from '../../features/post-editor/components/edit-post-view';
import { readPostIdParam } from '../../features/post-editor/utils/editor-routes';
import { usePost } from '../../features/posts/api/get-post';
import { useRouteTitle } from '../use-route-title';
import { PostEditorPage, usePostWriteHandlers } from './post-editor-page';

/** /post/update/spot?postId= — 404 without a spot of the signed-in user. */
export function Component() {
  const postId = readPostIdParam(useLocation().search);
  const title = useRouteTitle();
  const handlers = usePostWriteHandlers();
  const post = usePost(postId);
  const { data: me } = useMe();
  return (
    <PostEditorPage>
      <EditPostView
        title={title}
        kind="spot"
        postId={postId}
        post={post}
        viewerId={me?.id ?? null}
        {...handlers}
      />
    </PostEditorPage>
  );
}
