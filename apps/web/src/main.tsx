import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { currentDomain, loadBranding } from './lib/branding';
import { loadInitialLocale } from './lib/i18n';
import { ShellProviders } from './app/ShellProviders';
import { createAppRouter } from './app/router';
import './styles.css';

const router = createAppRouter();

// Every page draws the host's brand: asked for now, beside the texts, not after the first render.
loadBranding(currentDomain());

function render() {
  const root = createRoot(document.getElementById('root')!);
  // A transition: React renders in slices and gives the main thread back between them (no long task
  // while a phone draws the first page); index.html's boot screen stays until the page is drawn.
  startTransition(() => {
    root.render(
      <StrictMode>
        <ShellProviders>
          <RouterProvider router={router} />
        </ShellProviders>
      </StrictMode>,
    );
  });
}

// The texts of the page's language first (small chunks). Should they fail to load (the network is
// down), the page renders all the same, showing text keys, rather than staying blank.
loadInitialLocale().then(render, render);
