import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { loadInitialLocale } from './lib/i18n';
import { AppProviders } from './app/providers';
import { createAppRouter } from './app/router';
import './styles.css';

const router = createAppRouter();

function render() {
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <AppProviders>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  );
}

// The page's texts first (one small chunk); should it fail to load, the page still renders, and
// the chunk-error handling offers a reload where a page chunk fails the same way.
loadInitialLocale().then(render, render);
