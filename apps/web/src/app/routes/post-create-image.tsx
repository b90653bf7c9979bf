import { useParams } from 'react-router';
import { CreatePostView } from '../../features/post-editor/components/create-post-view';
import { usePost } from '../../features/posts/api/get-post';
import { useRouteTitle } from '../use-route-title';
import { PostEditorPage, usePostStation, usePostWriteHandlers } from './post-editor-page';

/**
 * /post/create/image/:stationGroupId (photos of a station) and /post/create/:postId/image
 * (photos of a spot or event); the route guard has validated the parameter.
 */
export function Component() {
  const { postId, stationGroupId } = useParams();
  const title = useRouteTitle();
  const handlers = usePostWriteHandlers();
  const stationId = stationGroupId === undefined ? null : Number(stationGroupId);
  const station = usePostStation(stationId);
  const parent = usePost(postId ?? null);
  return (
    <PostEditorPage>
      {stationId !== null ? (
        <CreatePostView
          title={title}
          kind="image"
          of="station"
          stationGroupId={stationId}
          station={station}
          {...handlers}
        />
      ) : (
        <CreatePostView title={title} kind="image" of="post" parent={parent} {...handlers} />
      )}
    </PostEditorPage>
  );
}
