import { AppProviders, createBrowserRouter, RouterProvider } from '@preloved/shared';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { initRemotes } from './federation/remotes';
import './i18n';
import { routes } from './routes/table';

// Read remotes.json while React starts; the first route's loader waits for it.
void initRemotes();

const router = createBrowserRouter(routes);

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
createRoot(container).render(
  <StrictMode>
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);
