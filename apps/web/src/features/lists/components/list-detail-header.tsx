import DownloadIcon from '@mui/icons-material/Download';
import EditIcon from '@mui/icons-material/Edit';
import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { RouterButton, RouterLink } from '../../../components/router-link';
import { OverflowMenu } from '../../../components/overflow-menu';
import { ShareButton } from '../../../components/share/share-button';
import { messages } from '../../../config/messages';
import { paths } from '../../../config/paths';
import { canReport } from '../../../lib/report-target';
import type { OpenReport } from '../../../lib/report-target';
import { listExportUrl } from '../api/export-list';
import type { getList } from '../api/get-list';

const text = messages.lists;

/**
 * The list page's header: title (and 「非公開」), owner and count, description, and what can be
 * done with the list: share, export, 編集 for its owner, 「報告する」 for other members.
 */
export function ListDetailHeader({
  data,
  viewerId,
  mine,
  onReport,
  onNotice,
}: {
  data: Awaited<ReturnType<typeof getList>>;
  viewerId: string | null | undefined;
  mine: boolean;
  onReport?: OpenReport;
  onNotice: (message: string) => void;
}) {
  return (
    <Box component="header" sx={{ mb: 3 }}>
      {/* A long title takes the row and 「非公開」 goes under it, never squeezed beside it to a
          character per line. */}
      <Stack
        direction="row"
        useFlexGap
        sx={{ alignItems: 'center', flexWrap: 'wrap', columnGap: 1, rowGap: 0.5 }}
      >
        <Typography
          component="h1"
          variant="h4"
          sx={{ fontWeight: 700, minWidth: 0, overflowWrap: 'anywhere' }}
        >
          {data.title}
        </Typography>
        {data.isPublic ? null : (
          <Stack
            direction="row"
            spacing={0.5}
            sx={{ alignItems: 'center', color: 'text.secondary', flexShrink: 0 }}
          >
            <LockOutlinedIcon fontSize="small" aria-hidden="true" />
            <Typography variant="body2" sx={{ whiteSpace: 'nowrap' }}>
              {text.private}
            </Typography>
          </Stack>
        )}
      </Stack>
      <Typography color="text.secondary" sx={{ mt: 0.5 }}>
        <RouterLink to={paths.profileLists.href(data.user.id)}>
          {text.byOwner(data.user.name)}
        </RouterLink>
        ・{text.itemCount(data.itemCount)}
      </Typography>
      {data.description ? (
        <Typography sx={{ mt: 1.5, whiteSpace: 'pre-wrap' }}>{data.description}</Typography>
      ) : null}
      <Stack direction="row" sx={{ mt: 2, flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
        {/* A private list's address opens for its owner only: nothing to share. */}
        {data.isPublic ? (
          <ShareButton
            title={data.title}
            text={messages.share.texts.list(data.title, data.user.name)}
            path={paths.list.href(data.id)}
            onNotice={onNotice}
          />
        ) : null}
        <Button
          variant="text"
          startIcon={<DownloadIcon />}
          // A plain link, not the router's: the file comes from the API.
          component="a"
          href={listExportUrl(data.id, 'geojson')}
          download
        >
          {text.detail.exportGeoJson}
        </Button>
        <Button
          variant="text"
          startIcon={<DownloadIcon />}
          href={listExportUrl(data.id, 'gpx')}
          download
        >
          {text.detail.exportGpx}
        </Button>
        {mine ? (
          <RouterButton
            to={paths.listUpdateById.href(data.id)}
            variant="contained"
            startIcon={<EditIcon />}
          >
            {text.detail.edit}
          </RouterButton>
        ) : null}
        <OverflowMenu
          label={text.detail.menu}
          items={
            // Only its owner ever sees a private list.
            onReport && data.isPublic && canReport(viewerId, data.user.id)
              ? [
                  {
                    label: messages.reports.menuItem,
                    opensDialog: true,
                    onSelect: () => onReport({ kind: 'list', id: data.id }),
                  },
                ]
              : []
          }
        />
      </Stack>
    </Box>
  );
}
