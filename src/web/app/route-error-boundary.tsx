import { Component, Suspense, type ReactNode } from 'react';
import { useT } from '../lib/i18n';

type Props = { pathname: string; children: ReactNode };
type State = { error: unknown; pathname: string };

/**
 * The heading while the `account` catalogue is not in, or when it cannot come: this boundary shows above every
 * route's Suspense, most often because a download failed (a chunk, offline), so it must not wait for one to say
 * anything. The same words as `i18n/en/account.json`'s `error.title`.
 */
const ENGLISH_TITLE = 'Unexpected Application Error!';

function ErrorView({ title, error }: { title: string; error: unknown }) {
  return (
    <main className="p-8">
      <h2 className="text-xl font-semibold">{title}</h2>
      <h3 className="mt-2 italic">{error instanceof Error ? error.message : String(error)}</h3>
    </main>
  );
}

function TranslatedErrorView({ error }: { error: unknown }) {
  const t = useT('account');
  return <ErrorView title={t('error.title')} error={error} />;
}

/**
 * What the data router's default error element showed when a page threw while rendering (e.g. a chunk
 * that failed to load): the routes are declarative now, so this keeps a message instead of a blank page.
 * Like the data router, it forgets the error when the path changes (without remounting the pages).
 */
export class RouteErrorBoundary extends Component<Props, State> {
  override state: State = { error: null, pathname: this.props.pathname };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.pathname === state.pathname ? null : { error: null, pathname: props.pathname };
  }

  override render() {
    const { error } = this.state;
    if (error === null) return this.props.children;
    return (
      <Suspense fallback={<ErrorView title={ENGLISH_TITLE} error={error} />}>
        <TranslatedErrorView error={error} />
      </Suspense>
    );
  }
}
