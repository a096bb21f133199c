import { Component, type ReactNode } from 'react';

type Props = { pathname: string; children: ReactNode };
type State = { error: unknown; pathname: string };

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
      <main className="p-8">
        <h2 className="text-xl font-semibold">Unexpected Application Error!</h2>
        <h3 className="mt-2 italic">{error instanceof Error ? error.message : String(error)}</h3>
      </main>
    );
  }
}
