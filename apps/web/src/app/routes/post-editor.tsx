import type { PostKind } from '@ekispot/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import { lazy, useMemo } from 'react';
import type { ComponentType, ReactNode } from 'react';
import { Navigate, useLocation, useParams } from 'react-router';
import { paths } from '../../config/paths';
import { useMe } from '../../features/auth/api/get-me';
import type { PostData } from '../../features/post-editor/api/post-data';
import { CreatePostView } from '../../features/post-editor/components/create-post-view';
import { EditPostView } from '../../features/post-editor/components/edit-post-view';
import { PostEditorKitProvider } from '../../features/post-editor/components/editor-kit';
import type { PostEditorKit } from '../../features/post-editor/components/editor-kit';
import type { PostWriteHandlers } from '../../features/post-editor/components/post-editor-form';
import type { StartStation } from '../../features/post-editor/schemas/post-form-schema';
import {
  readPostIdParam,
  readStationGroupIdParam,
} from '../../features/post-editor/utils/editor-routes';
import { usePost } from '../../features/posts/api/get-post';
import {
  invalidatePost,
  invalidatePostLists,
  markPostDeleted,
  setCachedPost,
} from '../../features/posts/api/query-keys';
import { useNearbyStations } from '../../features/stations/api/get-nearby-stations';
import { stationQueryOptions } from '../../features/stations/api/get-station';
import { invalidateStationPostViews } from '../../features/stations/api/query-keys';
import { useSearchStations } from '../../features/stations/api/search-stations';
import { StationSearchBox } from '../../features/stations/components/station-search-box';
import { formatResultLines } from '../../features/stations/utils/search-result';
import { useRouteTitle } from '../use-route-title';

/**
 * The post forms are composed here, where features may meet
 * (docs/conventions.md#layers-and-boundaries: pages compose features): the stations feature lends
 * its map, search box and station search, and the posts feature's caches are refreshed after a
 * write.
 */
const stationsKit: PostEditorKit = {
  // MapLibre is large: photo posts, which have no map, never load it.
  MapView: lazy(() =>
    import('../../features/stations/components/base-map').then(({ BaseMap }) => ({
      default: BaseMap,
    })),
  ),
  StationSearchBox,
  useStationSearch(query) {
    const search = useSearchStations(query);
    return {
      // Closed stations (廃駅) keep their posts but take no new ones.
      stations: (search.data?.items ?? [])
        .filter((station) => !station.closed)
        .map((station) => ({
          id: station.id,
          name: station.name,
          prefectureName: station.prefecture.name,
          lineNames: formatResultLines(station.lines, station.lineCount),
        })),
      loading: search.isFetching,
    };
  },
  useNearestStation(point) {
    const nearest = useNearbyStations(point).data?.[0];
    return nearest ? { name: nearest.name, distanceM: nearest.distanceM } : null;
  },
};

/**
 * The station a new post is of or starts at, as the post form picks it, with its place for the
 * form's map. The station page's own query: coming from that page, the form opens without
 * waiting.
 */
function usePostStation(stationGroupId: number | null) {
  return useQuery({
    ...stationQueryOptions(stationGroupId ?? 0),
    enabled: stationGroupId !== null,
    select: (station): StartStation => ({
      id: station.id,
      name: station.name,
      prefectureName: station.prefecture.name,
      lat: station.lat,
      lng: station.lng,
    }),
  });
}

/**
 * What shows a post or counts it: post lists, the posts it belongs to, station pages and
 * their post lists, and the map's markers (each feature invalidates its own keys).
 */
function invalidateAround(queryClient: QueryClient, posts: readonly (PostData | null)[]): void {
  invalidatePostLists(queryClient);
  const parents = new Set(posts.map((post) => post?.parentPostId ?? null));
  const stations = new Set(posts.map((post) => post?.stationGroupId ?? null));
  for (const parentId of parents) if (parentId) invalidatePost(queryClient, parentId);
  invalidateStationPostViews(
    queryClient,
    [...stations].filter((id): id is number => id !== null),
  );
}

/**
 * After a save the post's page shows the returned post at once. A deleted post is only
 * marked stale: its form is still on screen while the app leaves it.
 */
function usePostWriteHandlers(): Required<PostWriteHandlers> {
  const queryClient = useQueryClient();
  return useMemo(
    () => ({
      onSaved: (saved, before) => {
        setCachedPost(queryClient, saved);
        invalidateAround(queryClient, [saved, before]);
      },
      onDeleted: (post) => {
        markPostDeleted(queryClient, post.id);
        invalidateAround(queryClient, [post]);
      },
    }),
    [queryClient],
  );
}

function PostEditorPage({ children }: { children: ReactNode }) {
  return <PostEditorKitProvider kit={stationsKit}>{children}</PostEditorKitProvider>;
}

/**
 * The station named by the path (photos of it) or, for an event or a spot, by
 * `?stationGroupId=` (投稿 on the station's page).
 */
function stationParam(
  kind: PostKind,
  params: { stationGroupId?: string; postId?: string },
  search: string,
) {
  if (params.stationGroupId !== undefined) return Number(params.stationGroupId);
  return kind !== 'image' && params.postId === undefined ? readStationGroupIdParam(search) : null;
}

/**
 * /post/create/spot (its map opening at the station of `?stationGroupId=`, when it names one);
 * /post/create/event (starting at that station) and /post/create/:postId/event for an event at
 * that spot;
 * /post/create/image/:stationGroupId (photos of a station) and /post/create/:postId/image
 * (photos of a spot or event). The route guard has validated the path parameters.
 */
function CreatePostPage({ kind }: { kind: PostKind }) {
  const params = useParams();
  const { search } = useLocation();
  const parentId = params.postId ?? null;
  const stationId = stationParam(kind, params, search);
  const title = useRouteTitle();
  const handlers = usePostWriteHandlers();
  const parent = usePost(parentId);
  const station = usePostStation(stationId);
  return (
    <PostEditorPage>
      {parentId ? (
        <CreatePostView title={title} kind={kind} of="post" parent={parent} {...handlers} />
      ) : stationId !== null ? (
        <CreatePostView
          title={title}
          kind={kind}
          of="station"
          stationGroupId={stationId}
          station={station}
          {...handlers}
        />
      ) : (
        <CreatePostView title={title} kind={kind} {...handlers} />
      )}
    </PostEditorPage>
  );
}

/**
 * /post/update/spot?postId=, /post/update/event?postId= and /post/update/:postId/event,
 * /post/update/image/:stationGroupId?postId= and /post/update/:postId/image: the owner's post
 * of that kind only, else 404. With no post named at all, the member's own posts, to pick one
 * from.
 */
function EditPostPage({ kind }: { kind: PostKind }) {
  const params = useParams();
  const { search } = useLocation();
  const postId = params.postId ?? readPostIdParam(search);
  const title = useRouteTitle();
  const handlers = usePostWriteHandlers();
  const post = usePost(postId);
  const { data: me } = useMe();
  if (params.postId === undefined && new URLSearchParams(search).get('postId') === null) {
    return me ? <Navigate to={paths.profilePosts.href(me.id)} replace /> : null;
  }
  return (
    <PostEditorPage>
      <EditPostView
        title={title}
        kind={kind}
        postId={postId}
        post={post}
        stationGroupId={
          params.stationGroupId === undefined ? undefined : Number(params.stationGroupId)
        }
        viewerId={me?.id ?? null}
        {...handlers}
      />
    </PostEditorPage>
  );
}

export type PostEditorMode = 'create' | 'update';

/** One page component per mode and kind, made once so React keeps each page's state. */
const editorPages: Record<PostEditorMode, Record<PostKind, ComponentType>> = {
  create: {
    spot: () => <CreatePostPage kind="spot" />,
    event: () => <CreatePostPage kind="event" />,
    image: () => <CreatePostPage kind="image" />,
  },
  update: {
    spot: () => <EditPostPage kind="spot" />,
    event: () => <EditPostPage kind="event" />,
    image: () => <EditPostPage kind="image" />,
  },
};

/**
 * The route module of every post form (docs/conventions.md: one module per kind of page,
 * parameterised by the post's kind): the route table loads `postEditorRoute(mode, kind)`.
 */
export function postEditorRoute(
  mode: PostEditorMode,
  kind: PostKind,
): { Component: ComponentType } {
  return { Component: editorPages[mode][kind] };
}
