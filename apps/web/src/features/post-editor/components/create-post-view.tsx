import type { PostKind } from '@ekispot/shared';
import { ErrorView } from '../../../components/error-view';
import { messages } from '../../../config/messages';
import { paths } from '../../../config/paths';
import type { PostData } from '../api/post-data';
import type { PickedStation } from '../schemas/post-form-schema';
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
     * The station, loaded by the page: /post/create/image/{stationGroupId} (photos of it), and
     * /post/create/event?stationGroupId= (an event that starts at it).
     */
    | { of: 'station'; stationGroupId: number; station: Loadable<PickedStation> }
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
  // An event only starts at the station, so an unknown one is ignored like a malformed id.
  const unknownEventStation =
    props.of === 'station' && kind === 'event' && isNotFoundError(props.station.error);
  if (props.of === 'station' && !unknownEventStation) {
    const gate = loadGate(props.station);
    if (gate || !props.station.data) return gate;
    const station = props.station.data;
    const isEvent = kind === 'event';
    // Photos belong to the station; an event starts there and may be moved elsewhere.
    const target: PostTarget = {
      kind,
      stationGroupId: isEvent ? null : props.stationGroupId,
      parentPostId: null,
    };
    return (
      <FormFrame
        title={title}
        intro={isEvent ? text.eventIntro : text.imageForStation(station.name)}
      >
        <PostEditorForm
          // Another station on the same route (a new ?stationGroupId=) starts a fresh form.
          key={props.stationGroupId}
          target={target}
          startStation={isEvent ? station : null}
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
