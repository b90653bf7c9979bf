import AddIcon from '@mui/icons-material/Add';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { ListGrid } from '../../../components/list-grid';
import { PageFrame } from '../../../components/page-frame';
import { RouterButton, StandaloneLink } from '../../../components/router-link';
import { messages } from '../../../config/messages';
import { paths } from '../../../config/paths';
import { useListTimeline } from '../api/get-list-timeline';

const text = messages.lists.timeline;

/**
 * /timeline/list/all and /timeline/list/follow: public lists, most recently updated first, as
 * a paged card grid; the follow tab needs a member (the route asks for one).
 */
export function ListTimeline({
  scope,
  title,
  signedIn,
}: {
  scope: 'all' | 'follow';
  title: string;
  signedIn: boolean;
}) {
  const query = useListTimeline(scope);
  return (
    <PageFrame title={title} maxWidth="lg">
      <Stack
        direction="row"
        sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 2, gap: 2 }}
      >
        <StandaloneLink to={paths.timelinePostAll.href()}>{text.posts}</StandaloneLink>
        {signedIn ? (
          <RouterButton to={paths.listCreate.href()} variant="contained" startIcon={<AddIcon />}>
            {text.create}
          </RouterButton>
        ) : null}
      </Stack>
      <Tabs
        component="nav"
        value={scope}
        aria-label={text.tabs}
        sx={{ borderBottom: 1, borderColor: 'divider', mb: 3 }}
      >
        {(
          [
            ['all', text.all, paths.timelineListAll.href()],
            // The follow tab is for members, as on the post timelines.
            ...(signedIn ? [['follow', text.follow, paths.timelineListFollow.href()]] : []),
          ] as const
        ).map(([value, label, href]) => (
          <Tab
            key={value}
            value={value}
            label={label}
            href={href}
            aria-current={value === scope ? 'page' : undefined}
          />
        ))}
      </Tabs>
      <ListGrid
        query={query}
        empty={scope === 'all' ? text.emptyAll : text.emptyFollow}
        label={title}
      />
    </PageFrame>
  );
}
