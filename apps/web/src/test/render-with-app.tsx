import { ThemeProvider } from '@mui/material/styles';
import { QueryClientProvider } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { createQueryClient } from '../lib/query-client';
import { theme } from '../lib/theme';

/**
 * Renders a feature component as the app would (query client, theme, router at `/`), for
 * tests outside app/, which nothing may import from.
 */
export function renderWithApp(element: ReactNode, queryClient: QueryClient = createQueryClient()) {
  const router = createMemoryRouter([{ path: '/', element }]);
  render(
    <QueryClientProvider client={queryClient}>
      <ThemeProvider theme={theme}>
        <RouterProvider router={router} />
      </ThemeProvider>
    </QueryClientProvider>,
  );
  return { queryClient, router };
}
