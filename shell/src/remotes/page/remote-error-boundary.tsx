import { Component, type ErrorInfo, type ReactNode } from 'react';

interface Props {
  children: ReactNode;
  /** Called before the boundary re-renders its children, to throw away the failed lazy component. */
  onRetry: () => void;
  /** Told of each error caught (the page reports render errors to the release registry). */
  onError?: (error: Error) => void;
  /**
   * Whether an error is the page's code failing to arrive (the network, the remote's server) rather
   * than the page failing while it rendered. Without it, every error counts as a failed load.
   */
  isLoadFailure?: (error: Error) => boolean;
}

interface State {
  error: Error | null;
}

/** Keeps the layout alive when a remote is down, and lets the user try again without a reload. */
export class RemoteErrorBoundary extends Component<Props, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('A part of the site failed to load', error, info.componentStack);
    this.props.onError?.(error);
  }

  private readonly retry = () => {
    this.props.onRetry();
    this.setState({ error: null });
  };

  override render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    const loadFailed = this.props.isLoadFailure?.(error) ?? true;
    return (
      <section className="aq-remote-error" aria-labelledby="aq-remote-error-title">
        <h1 id="aq-remote-error-title">This part of Antiquarium could not be loaded</h1>
        {/* A page that arrived and then failed is no connection problem: saying so would send the
            visitor after the wrong cause. */}
        <p>
          {loadFailed
            ? 'The rest of the site still works. Check your connection, then try again.'
            : 'Something went wrong on our side while showing it. The rest of the site still works; try again, or come back later.'}
        </p>
        <button type="button" className="aq-button aq-button--primary" onClick={this.retry}>
          Retry
        </button>
      </section>
    );
  }
}
