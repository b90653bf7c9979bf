import { ThemeProvider } from '@mui/material/styles';
import { QueryClientProvider } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider, useRouteError } from 'react-router';
import { isApiError } from '../../../lib/api-error';
import { createQueryClient } from '../../../lib/query-client';
import { theme } from '../../../lib/theme';
import type { PostView } from '../api/get-post';

export const POST_ID = '01936f2e-8b9c-7d3a-9c1e-00000000a001';
export const OWNER_ID = '01936f2e-8b9c-7d3a-9c1e-0000000000a1';
export const VIEWER_ID = '01936f2e-8b9c-7d3a-9c1e-0000000000b2';

export function buildPost(overrides: Partial<PostView> = {}): PostView {
  return {
    id: POST_ID,
    kind: 'spot',
    title: '駅前の展望台',
    body: '',
    images: [],
    user: { id: OWNER_ID, name: '駅太郎', avatar: null },
    stationGroupId: 1130101,
    station: { id: 1130101, name: '東京', prefectureName: '東京都' },
    parentPostId: null,
    parent: null,
    lat: 35.68,
    lng: 139.76,
    startsAt: null,
    endsAt: null,
    likeCount: 3,
    liked: false,
    wantCount: 1,
    wanted: false,
    commentCount: 0,
    childCount: 0,
    createdAt: '2026-05-01T01:00:00.000Z',
    updatedAt: '2026-05-01T01:00:00.000Z',
    ...overrides,
  };
}

/** A JSON response in the API's envelope. */
export function envelope(status: number, data: unknown, message = ''): Response {
  return new Response(
    JSON.stringify({ data, message, status, success: status < 400, errors: null }),
    { status, headers: { 'Content-Type': 'application/json' } },
  );
}

/** Stands in for the app's error page: shows the status of what a page threw. */
function TestErrorBoundary() {
  const error = useRouteError();
  return <p data-testid="route-error">{isApiError(error) ? error.status : 500}</p>;
}

/** Renders `element` at `path` inside the app's query client, theme and a memory router. */
export function renderWithApp(
  element: ReactNode,
  { path = `/post/${POST_ID}`, queryClient = createQueryClient() } = {},
): { queryClient: QueryClient; router: ReturnType<typeof createMemoryRouter> } {
  const router = createMemoryRouter(
    [
      { path: '/post/:postId', element, ErrorBoundary: TestErrorBoundary },
      { path: '/login', element: <p>ログイン画面</p> },
      { path: '*', element: <p>別のページ</p> },
    ],
    { initialEntries: [path] },
  );
  render(
    <QueryClientProvider client={queryClient}>
      <ThemeProvider theme={theme}>
        <RouterProvider router={router} />
      </ThemeProvider>
    </QueryClientProvider>,
  );
  return { queryClient, router };
}
