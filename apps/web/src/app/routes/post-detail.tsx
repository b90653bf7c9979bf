import { useParams } from 'react-router';
import { useMe } from '../../features/auth/api/get-me';
import { AddToListButton } from '../../features/lists/components/add-to-list-button';
import { AuthorFollowButton } from '../../features/people/components/author-follow-button';
import { PostDetail } from '../../features/posts/components/post-detail';
import { useReportDialog } from '../../features/reports/hooks/use-report-dialog';
import { StationMapImage } from '../../features/stations/components/station-map-image';

/** /post/:postId — the parameter is validated by the route guard. */
export function Component() {
  const { postId = '' } = useParams();
  const me = useMe();
  const viewerId = me.isPending ? undefined : (me.data?.id ?? null);
  const report = useReportDialog();
  return (
    <>
      <PostDetail
        key={postId}
        postId={postId}
        viewerId={viewerId}
        renderAuthorAction={(author) => (
          <AuthorFollowButton userId={author.id} viewerId={viewerId} />
        )}
        renderActions={(post, onNotice) => (
          <AddToListButton target={{ postId: post.id }} onNotice={onNotice} />
        )}
        renderMap={(place) => (
          <StationMapImage
            kind="post"
            id={postId}
            label={place.label}
            lat={place.lat}
            lng={place.lng}
          />
        )}
        onReport={report.open}
      />
      {report.element}
    </>
  );
}
