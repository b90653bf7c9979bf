import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import type { UseQueryResult } from '@tanstack/react-query';
import { useId, useRef } from 'react';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { PagedQueryState } from '../../../components/paged-query-state';
import type { PagedQuery } from '../../../components/paged-query-state';
import { messages } from '../../../config/messages';
import { isApiError } from '../../../lib/api-error';
import { useModerationReports } from '../api/get-reports';
import { useModerationTakedowns } from '../api/get-takedowns';
import type { ActionRequest } from './action-dialog';
import { useActionDialog } from '../hooks/use-action-dialog';
import { ReportItemCard } from './report-item-card';
import { TakedownCard } from './takedown-card';

const text = messages.moderation;

type QueueTab = 'reports' | 'takedowns';

/** A whole queue (one answer, no paging) as the paged-list frame reads it. */
function asOnePage<T>(query: UseQueryResult<T[]>): PagedQuery<T> {
  return {
    data: query.data ? { pages: [{ items: query.data }] } : undefined,
    isPending: query.isPending,
    fetchStatus: query.fetchStatus,
    isError: query.isError,
    hasNextPage: false,
    isFetchingNextPage: false,
    fetchNextPage: () => undefined,
    refetch: () => query.refetch(),
  };
}

/**
 * /moderation: the open reports grouped by item and the confirmed 削除の申し出, each waiting
 * longest first, in two tabs (the chosen one in `?tab=`). Each card's buttons open the action
 * dialog; after an action the queue is refetched and the API's message shown.
 */
export function ModerationQueue({ onActed }: { onActed?: (request: ActionRequest) => void }) {
  const [params, setParams] = useSearchParams();
  const tab: QueueTab = params.get('tab') === 'takedowns' ? 'takedowns' : 'reports';
  const reports = useModerationReports();
  const takedowns = useModerationTakedowns();
  const panel = useRef<HTMLDivElement>(null);
  const dialog = useActionDialog({ fallbackFocus: panel, onActed });
  const baseId = useId();

  // A session that is no moderator's any more: the API's 404, shown as the route's 404 page.
  if (reports.isError && isApiError(reports.error) && reports.error.status === 404) {
    throw reports.error;
  }

  const tabs: [QueueTab, string, number | undefined][] = [
    ['reports', text.reportsTab, reports.data?.length],
    ['takedowns', text.takedownsTab, takedowns.data?.length],
  ];

  return (
    <>
      <Tabs
        value={tab}
        onChange={(_event, value: QueueTab) =>
          setParams(value === 'reports' ? {} : { tab: value }, { replace: true })
        }
        aria-label={text.tabs}
        variant="fullWidth"
        sx={{ borderBottom: 1, borderColor: 'divider', mb: 2 }}
      >
        {tabs.map(([value, label, count]) => (
          <Tab
            key={value}
            value={value}
            label={count === undefined ? label : text.tabCount(label, count)}
            id={`${baseId}-${value}-tab`}
            aria-controls={`${baseId}-panel`}
            sx={{ minHeight: 48 }}
          />
        ))}
      </Tabs>
      <Box
        ref={panel}
        role="tabpanel"
        id={`${baseId}-panel`}
        aria-labelledby={`${baseId}-${tab}-tab`}
        tabIndex={-1}
        sx={{ outline: 'none' }}
      >
        {tab === 'reports' ? (
          <QueueList
            query={asOnePage(reports)}
            empty={text.emptyReports}
            keyOf={(item) => `${item.target.kind}:${item.target.id}`}
          >
            {(item) => <ReportItemCard item={item} onAction={dialog.open} />}
          </QueueList>
        ) : (
          <QueueList
            query={asOnePage(takedowns)}
            empty={text.emptyTakedowns}
            keyOf={(item) => item.id}
          >
            {(item) => <TakedownCard item={item} onAction={dialog.open} />}
          </QueueList>
        )}
      </Box>
      {dialog.element}
    </>
  );
}

/** A queue's cards in a list, through the paged-list frame (loading, failure, empty). */
function QueueList<T>({
  query,
  empty,
  keyOf,
  children,
}: {
  query: PagedQuery<T>;
  empty: string;
  keyOf: (item: T) => string;
  children: (item: T) => ReactNode;
}) {
  return (
    <PagedQueryState
      query={query}
      text={{ ...text, more: '', loadingMore: '' }}
      empty={empty}
      placeholder={{ height: 200, sx: { display: 'grid', gap: 2 } }}
    >
      {(items) => (
        <Stack component="ul" spacing={2} sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {items.map((item) => (
            <Box component="li" key={keyOf(item)} sx={{ minWidth: 0 }}>
              {children(item)}
            </Box>
          ))}
        </Stack>
      )}
    </PagedQueryState>
  );
}
