import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { loadInitialLocale } from './lib/i18n';
import { ShellProviders } from './app/ShellProviders';
import { createAppRouter } from './app/router';
import './styles.css';

const router = createAppRouter();

function render() {
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <ShellProviders>
        <RouterProvider router={router} />
      </ShellProviders>
    </StrictMode>,
  );
}

// The texts of the page's language first (small chunks). Should they fail to load (the network is
// down), the page renders all the same, showing text keys, rather than staying blank.
loadInitialLocale().then(render, render);
