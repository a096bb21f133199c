import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import './styles.css';
import { App } from './app/app';

const root = document.getElementById('root');
if (root) {
  // As a transition, the first render yields to the browser every few milliseconds instead of holding the
  // main thread in one long task, so a tap or key press during start-up is answered at once.
  startTransition(() => {
    createRoot(root).render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  });
}
