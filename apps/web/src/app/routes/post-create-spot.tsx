import { CreatePostView } from '../../features/post-editor/components/create-post-view';
import { useRouteTitle } from '../use-route-title';
import { PostEditorPage, usePostWriteHandlers } from './post-editor-page';

/** /post/create/spot — a new spot, placed on the map. */
export function Component() {
  const title = useRouteTitle();
  const handlers = usePostWriteHandlers();
  return (
    <PostEditorPage>
      <CreatePostView title={title} kind="spot" {...handlers} />
    </PostEditorPage>
  );
}
