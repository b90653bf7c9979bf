import { useParams } from 'react-router';
import { PageFrame } from '../../components/page-frame';
import { messages } from '../../config/messages';
import { useMe } from '../../features/auth/api/get-me';
import { TagPage } from '../../features/search/components/tag-page';
import { useDocumentTitle } from '../../hooks/use-document-title';

/** /tag/{name}: a hashtag's posts, count and follow button (docs/search.md#hashtags). */
export function Component() {
  const tag = useParams().tag ?? '';
  const { data: user } = useMe();
  const heading = messages.tags.heading(tag);
  useDocumentTitle(heading);
  return (
    <PageFrame title={heading}>
      <TagPage key={tag} tag={tag} signedIn={Boolean(user)} />
    </PageFrame>
  );
}
