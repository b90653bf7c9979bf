import { useLocation, useParams } from 'react-router';
import { CreatePostView } from '../../features/post-editor/components/create-post-view';
import { readStationGroupIdParam } from '../../features/post-editor/utils/editor-routes';
import { usePost } from '../../features/posts/api/get-post';
import { useRouteTitle } from '../use-route-title';
import { PostEditorPage, usePostStation, usePostWriteHandlers } from './post-editor-page';

/**
 * /post/create/event (starting at the station of `?stationGroupId=`, when it names one), and
 * /post/create/:postId/event for an event at that spot.
 */
export function Component() {
  const { postId } = useParams();
  const { search } = useLocation();
  const stationId = postId ? null : readStationGroupIdParam(search);
  const title = useRouteTitle();
  const handlers = usePostWriteHandlers();
  const parent = usePost(postId ?? null);
  const station = usePostStation(stationId);
  return (
    <PostEditorPage>
      {postId ? (
        <CreatePostView title={title} kind="event" of="post" parent={parent} {...handlers} />
      ) : stationId !== null ? (
        <CreatePostView
          title={title}
          kind="event"
          of="station"
          stationGroupId={stationId}
          station={station}
          {...handlers}
        />
      ) : (
        <CreatePostView title={title} kind="event" {...handlers} />
      )}
    </PostEditorPage>
  );
}
