import type { ReactNode } from 'react';
import { Spinner } from './spinner';

/** What a data hook such as `useApiData` returns: the three states and a way to ask again. */
export type Loadable<T> = ({ status: 'loading' } | { status: 'ready'; data: T } | { status: 'error'; error: unknown }) & {
  retry: () => void;
};

export interface DataViewProps<T> {
  result: Loadable<T>;
  /** The spinner's label, read by screen readers. */
  loading: string;
  /** The sentence shown when loading failed, above the retry button. */
  failed: string;
  /** The retry button's text. */
  retry: string;
  /** The failure box's class (the screen's message style), if any. */
  className?: string;
  /** 'alert' where the failure is announced as soon as it appears. */
  role?: 'alert';
  children: (data: T) => ReactNode;
}

/** A screen's data: a spinner while it loads, the failure with a retry button, or the content. */
export function DataView<T>({ result, loading, failed, retry, className, role, children }: DataViewProps<T>) {
  if (result.status === 'loading') return <Spinner label={loading} />;
  if (result.status === 'error') {
    return (
      <div className={className} role={role}>
        <p>{failed}</p>
        <button type="button" className="aq-button" onClick={result.retry}>
          {retry}
        </button>
      </div>
    );
  }
  return <>{children(result.data)}</>;
}
