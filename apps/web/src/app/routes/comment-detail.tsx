import { useParams } from 'react-router';
import { useMe } from '../../features/auth/api/get-me';
import { CommentDetail } from '../../features/posts/components/comment-detail';
import { useReportDialog } from '../../features/reports/hooks/use-report-dialog';

/** /post/:postId/comment/:commentId — both parameters are validated by the route guard. */
export function Component() {
  const { postId = '', commentId = '' } = useParams();
  const me = useMe();
  const report = useReportDialog();
  return (
    <>
      <CommentDetail
        key={`${postId}/${commentId}`}
        postId={postId}
        commentId={commentId}
        viewerId={me.isPending ? undefined : (me.data?.id ?? null)}
        onReport={report.open}
      />
      {report.element}
    </>
  );
}
