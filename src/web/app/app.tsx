import { useEffect } from 'react';
import { BrowserRouter } from 'react-router';
import { loadMessageEngineAfterPaint } from '../lib/i18n';
import { Providers } from './providers';
import { AppRoutes } from './router';

export function App() {
  useEffect(loadMessageEngineAfterPaint, []);
  return (
    <Providers>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </Providers>
  );
}
