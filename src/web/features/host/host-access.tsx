import { Navigate, useLocation } from 'react-router';
import { ApiError, errorMessage } from '../../lib/api-client';
import { paths } from '../../lib/paths';
import { ErrorState } from '../../components/ui';
import { useT } from '../../lib/i18n';

/**
 * What a host console page shows when its call failed: not logged in → the login page (coming back here after);
 * logged in but not allowed → a clear message; anything else → the error with Retry.
 */
export function HostLoadError({ error, onRetry, retrying }: { error: unknown; onRetry: () => void; retrying: boolean }) {
  const t = useT('host');
  const location = useLocation();
  if (error instanceof ApiError && error.status === 401) {
    return <Navigate to={`${paths.login}?next=${encodeURIComponent(location.pathname + location.search)}`} replace />;
  }
  if (error instanceof ApiError && error.status === 403) {
    return (
      <div role="alert" className="rounded-lg border border-amber-200 bg-amber-50 p-6 text-amber-900" data-testid="not-a-host">
        <p className="font-semibold">{t('notAHost')}</p>
        <p className="mt-1 text-sm">{error.message}</p>
      </div>
    );
  }
  return <ErrorState message={errorMessage(error, t('loadFailed'))} onRetry={onRetry} retrying={retrying} />;
}
