import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { messages } from '../../../config/messages';
import { paths } from '../../../config/paths';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { useNotice } from '../../../hooks/use-notice';
import { usePrimaryLoading } from '../../../lib/page-loading';
import type { OpenReport } from '../../../lib/report-target';
import { useList } from '../api/get-list';
import { useListItems, type ListItemView } from '../api/get-list-items';
import { itemName } from '../utils/item-name';
import { ListDetailHeader } from './list-detail-header';
import { ListItemEntry } from './list-item-entry';
import { BackLink } from '../../../components/back-link';
import { HiddenByModeratorsNotice } from '../../../components/hidden-by-moderators';
import { OfflineView } from '../../../components/offline';
import { isWaitingForNetwork } from '../../../lib/online-status';

const text = messages.lists;

/** An item's place on the map, numbered as in the list. */
export interface ListMapPlace {
  id: string;
  number: number;
  lat: number;
  lng: number;
  label: string;
}

/** The items that have a place, numbered as in the list, for the map. */
function placesOf(items: ListItemView[]): ListMapPlace[] {
  return items.flatMap((item) =>
    item.lat !== null && item.lng !== null
      ? [
          {
            id: item.id,
            number: item.position,
            lat: item.lat,
            lng: item.lng,
            label: itemName(item),
          },
        ]
      : [],
  );
}

/**
 * /list/{listId}: title, owner, description, the items in order beside a map of them with the
 * same numbers (the map above the list on phones), sharing, export and, for the owner, 編集;
 * for other members, 「報告する」 in the 「…」 menu.
 */
export function ListDetail({
  listId,
  viewerId,
  renderMap,
  onReport,
}: {
  listId: string;
  viewerId: string | null | undefined;
  /** Draws the numbered places (the page supplies the map component). */
  renderMap: (places: ListMapPlace[], label: string) => ReactNode;
  /** Opens the reports feature's dialog (the page supplies it). */
  onReport?: OpenReport;
}) {
  const list = useList(listId);
  const items = useListItems(listId);
  const notice = useNotice();
  usePrimaryLoading(list.isPending || items.isPending);
  useDocumentTitle(list.data?.title ?? null);

  // The route's error boundary shows the 404 page for an ApiError 404, else the error page.
  if (list.isError) throw list.error;
  if (items.isError) throw items.error;
  if (isWaitingForNetwork(list) || isWaitingForNetwork(items)) {
    return (
      <OfflineView
        onRetry={() => {
          void list.refetch();
          void items.refetch();
        }}
      />
    );
  }
  if (list.isPending || items.isPending) {
    return (
      <Box role="status" sx={{ display: 'flex', justifyContent: 'center', py: 8 }}>
        <CircularProgress aria-label={text.loading} />
      </Box>
    );
  }

  const data = list.data;
  const mine = viewerId !== null && viewerId !== undefined && viewerId === data.user.id;
  const places = placesOf(items.data);

  return (
    <Container maxWidth="lg" sx={{ py: { xs: 2, md: 4 } }}>
      <BackLink fallback={paths.profileLists.href(data.user.id)} />
      {data.hidden ? <HiddenByModeratorsNotice kind="list" sx={{ mb: 2 }} /> : null}
      <ListDetailHeader
        data={data}
        viewerId={viewerId}
        mine={mine}
        onReport={onReport}
        onNotice={notice.show}
      />

      <Box
        sx={{
          display: 'grid',
          gap: 3,
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'minmax(0, 1fr) minmax(0, 1fr)' },
          alignItems: 'start',
        }}
      >
        {/* On phones the map comes first, above the list (order follows the grid). */}
        <Paper
          variant="outlined"
          sx={{
            order: { xs: 0, lg: 1 },
            position: { xs: 'relative', lg: 'sticky' },
            top: { lg: 80 },
            height: { xs: 280, lg: 520 },
            overflow: 'hidden',
          }}
        >
          {renderMap(places, text.detail.map(data.title))}
        </Paper>
        <Box
          component="section"
          aria-labelledby="list-items-heading"
          sx={{ order: { xs: 1, lg: 0 } }}
        >
          <Typography id="list-items-heading" component="h2" variant="h6" sx={{ mb: 1 }}>
            {text.detail.itemsHeading}
          </Typography>
          {items.data.length === 0 ? (
            <Alert severity="info">{text.detail.empty}</Alert>
          ) : (
            <Box
              component="ol"
              sx={{
                listStyle: 'none',
                p: 0,
                m: 0,
                display: 'grid',
                gridTemplateColumns: 'minmax(0, 1fr)',
                gap: 1.5,
              }}
            >
              {items.data.map((item) => (
                <li key={item.id}>
                  <ListItemEntry item={item} />
                </li>
              ))}
            </Box>
          )}
        </Box>
      </Box>
      {notice.element}
    </Container>
  );
}
