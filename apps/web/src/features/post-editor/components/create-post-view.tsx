import type { PostKind } from '@ekispot/shared';
import { ErrorView } from '../../../components/error-view';
import { messages } from '../../../config/messages';
import { paths } from '../../../config/paths';
import type { PostData } from '../api/post-data';
import type { StartStation } from '../schemas/post-form-schema';
import type { PostTarget } from '../utils/build-post-form-data';
import { canBeParentOf } from '../utils/editor-routes';
import { EditorLoadFailed, EditorLoading } from './editor-states';
import { FormFrame } from './form-frame';
import { isNotFoundError } from './load-state';
import type { Loadable } from './load-state';
import { PostEditorForm } from './post-editor-form';
import type { PostWriteHandlers } from './post-editor-form';

const text = messages.postEditor.context;

type CreatePostViewProps = PostWriteHandlers & {
  /** The page title from the route table. */
  title: string;
  kind: PostKind;
} & (
    | { of?: undefined }
    /**
     * The station, loaded by the page: /post/create/image/{stationGroupId} (photos of it),
     * /post/create/event?stationGroupId= (an event that starts at it) and
     * /post/create/spot?stationGroupId= (a spot whose map opens there).
     */
    | { of: 'station'; stationGroupId: number; station: Loadable<StartStation> }
    /** /post/create/{postId}/event and /post/create/{postId}/image: the post it belongs to. */
    | { of: 'post'; parent: Loadable<PostData> }
  );

/** Loading, 404 and failure states of what a new post belongs to. */
function loadGate<T>(query: Loadable<T>, usable: (data: T) => boolean = () => true) {
  if (query.isPending) return <EditorLoading />;
  if (query.isError || query.data === undefined) {
    if (isNotFoundError(query.error)) return <ErrorView status={404} />;
    return <EditorLoadFailed onRetry={() => void query.refetch()} />;
  }
  return usable(query.data) ? null : <ErrorView status={404} />;
}

/**
 * Every create route (docs/product-rules.md#posts): a spot, an event (at a station, a point, or a
 * spot), photos of a station or of a spot or event. What the post belongs to must exist, or it is a
 * 404.
 */
export function CreatePostView(props: CreatePostViewProps) {
  const { title, kind, onSaved } = props;
  // An event or a spot only starts at the station, so an unknown one is ignored like a
  // malformed id; photos belong to it.
  const unknownStartStation =
    props.of === 'station' && kind !== 'image' && isNotFoundError(props.station.error);
  if (props.of === 'station' && !unknownStartStation) {
    const gate = loadGate(props.station);
    if (gate || !props.station.data) return gate;
    const station = props.station.data;
    const isPhoto = kind === 'image';
    // Photos belong to the station; an event starts there and may be moved elsewhere; a
    // spot's map opens there (docs/posts.md#the-web-forms).
    const target: PostTarget = {
      kind,
      stationGroupId: isPhoto ? props.stationGroupId : null,
      parentPostId: null,
    };
    const intro = isPhoto
      ? text.imageForStation(station.name)
      : kind === 'spot'
        ? text.spotNearStation(station.name)
        : text.eventIntro;
    return (
      <FormFrame title={title} intro={intro}>
        <PostEditorForm
          // Another station on the same route (a new ?stationGroupId=) starts a fresh form.
          key={props.stationGroupId}
          target={target}
          startStation={isPhoto ? null : station}
          onSaved={onSaved}
          cancelHref={paths.station.href(props.stationGroupId)}
        />
      </FormFrame>
    );
  }
  if (props.of === 'post') {
    const gate = loadGate(props.parent, (parent) => canBeParentOf(kind, parent.kind));
    if (gate || !props.parent.data) return gate;
    const parent = props.parent.data;
    const parentTitle = parent.title || text.untitled;
    const target: PostTarget = { kind, stationGroupId: null, parentPostId: parent.id };
    return (
      <FormFrame
        title={title}
        intro={kind === 'event' ? text.eventAtSpot(parentTitle) : text.imageForPost(parentTitle)}
      >
        <PostEditorForm
          target={target}
          parentTitle={parentTitle}
          onSaved={onSaved}
          cancelHref={paths.post.href(parent.id)}
        />
      </FormFrame>
    );
  }
  // Photos always belong to a station or a post.
  if (kind === 'image') return <ErrorView status={404} />;
  const target: PostTarget = { kind, stationGroupId: null, parentPostId: null };
  return (
    <FormFrame title={title} intro={kind === 'spot' ? text.spotIntro : text.eventIntro}>
      <PostEditorForm target={target} onSaved={onSaved} cancelHref={paths.home.href()} />
    </FormFrame>
  );
}
