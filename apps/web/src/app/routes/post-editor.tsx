import type { PostKind } from '@ekispot/shared';
import { useQuery } from '@tanstack/react-query';
import { lazy } from 'react';
import type { ComponentType, ReactNode } from 'react';
import { Navigate, useLocation, useParams } from 'react-router';
import { paths } from '../../config/paths';
import { useMe } from '../../features/auth/api/get-me';
import { CreatePostView } from '../../features/post-editor/components/create-post-view';
import { EditPostView } from '../../features/post-editor/components/edit-post-view';
import { PostEditorKitProvider } from '../../features/post-editor/components/editor-kit';
import type { PostEditorKit } from '../../features/post-editor/components/editor-kit';
import type { StartStation } from '../../features/post-editor/schemas/post-form-schema';
import {
  readPostIdParam,
  readStationGroupIdParam,
} from '../../features/post-editor/utils/editor-routes';
import { usePost } from '../../features/posts/api/get-post';
import { useNearbyStations } from '../../features/stations/api/get-nearby-stations';
import { stationQueryOptions } from '../../features/stations/api/get-station';
import { useSearchStations } from '../../features/stations/api/search-stations';
import { StationSearchBox } from '../../features/stations/components/station-search-box';
import { formatResultLines } from '../../features/stations/utils/search-result';
import { useRouteTitle } from '../use-route-title';

/**
 * The post forms are composed here, where features may meet
 * (docs/conventions.md#layers-and-boundaries: pages compose features): the stations feature lends
 * its map, search box and station search. The writes refresh what they change themselves
 * (lib/write-map.ts).
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
  const parent = usePost(parentId);
  const station = usePostStation(stationId);
  return (
    <PostEditorPage>
      {parentId ? (
        <CreatePostView title={title} kind={kind} of="post" parent={parent} />
      ) : stationId !== null ? (
        <CreatePostView
          title={title}
          kind={kind}
          of="station"
          stationGroupId={stationId}
          station={station}
        />
      ) : (
        <CreatePostView title={title} kind={kind} />
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
