import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import './styles.css';
import { App } from './app/app';
import { preloadRoute } from './app/router';

const root = document.getElementById('root');
if (root) {
  const render = () =>
    // As a transition, the first render yields to the browser every few milliseconds instead of holding the
    // main thread in one long task, so a tap or key press during start-up is answered at once.
    startTransition(() => {
      createRoot(root).render(
        <StrictMode>
          <App />
        </StrictMode>,
      );
    });
  // The first date formatter loads the time zone data (40-60 ms on a laptop, four times that on a phone): it is built
  // here, while the first page's chunks still download, not in the page's first render (step 0 reads the zone).
  Intl.DateTimeFormat('en-GB').resolvedOptions();
  // index.html's own spinner shows meanwhile. A page whose chunks cannot be had (offline) renders all the same: its
  // boundary then shows the spinner, and the error page if the download fails for good.
  preloadRoute(window.location.pathname).then(render, render);
}
