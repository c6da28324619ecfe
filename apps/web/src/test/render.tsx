import { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { AntdProviders } from '../app/AntdProviders';
import { AppProviders } from '../app/providers';
import { createAppRoutes } from '../app/router';

export function testQueryClient() {
  return new QueryClient({ defaultOptions: { queries: { retry: false, gcTime: 0 }, mutations: { retry: false } } });
}

/** Render the whole app (real route table, lazy pages) at `path`. */
export function renderApp(path: string) {
  const router = createMemoryRouter(createAppRoutes(), { initialEntries: [path] });
  const utils = render(
    <AppProviders client={testQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { router, ...utils };
}

/** Render one page inside the providers (antd's too, as the router gives them) and a memory router. */
export function renderPage(element: ReactElement, { path = '/', route = '/' }: { path?: string; route?: string } = {}) {
  const router = createMemoryRouter(
    [
      { path: route, element: <AntdProviders>{element}</AntdProviders> },
      { path: '*', element: <div data-testid="elsewhere" /> },
    ],
    { initialEntries: [path] },
  );
  const utils = render(
    <AppProviders client={testQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { router, ...utils };
}
