import { ApiRequestError, errorMessage, type ApiData } from '@antiquarium/api-client';
import { Pagination, Spinner, readPage, toast } from '@antiquarium/ui';
import { useState, type ReactNode } from 'react';
import { NavLink, useSearchParams } from 'react-router-dom';
import { refusalOf, type FieldErrors } from './logic';
import type { Page } from './moderation-api';
import './moderation.css';

export const DESK_TEXTS = {
  notModeratorTitle: 'Not a moderator',
  notModerator: 'These screens are for the site’s moderators, and your account does not have the moderator role. If you should have it, ask an operator to grant it.',
  signedOut: 'Sign in with a moderator’s account to see these screens.',
} as const;

const SECTIONS = [
  { to: '/moderation', label: 'Queue', end: true },
  { to: '/moderation/appeals', label: 'Appeals', end: false },
  { to: '/moderation/cases', label: 'Misuse cases', end: false },
  { to: '/moderation/audit', label: 'Audit log', end: false },
  { to: '/moderation/transparency', label: 'Transparency', end: false },
];

/** Every moderators' screen: its title, the desk's sections, then its content. */
export function Desk({ title, lead, children }: { title: string; lead: string; children: ReactNode }) {
  return (
    <div className="aq-container mod-desk">
      <h1>{title}</h1>
      <p className="mod-lead">{lead}</p>
      <nav aria-label="Moderation">
        <ul className="mod-sections">
          {SECTIONS.map((section) => (
            <li key={section.to}>
              <NavLink to={section.to} end={section.end} className="mod-section">
                {section.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      {children}
    </div>
  );
}

/** A screen's data: a spinner while it loads, the refusal for non-moderators, the error, or the content. */
export function Loaded<T>({ state, loading, failed, children }: { state: ApiData<T>; loading: string; failed: string; children: (data: T) => ReactNode }) {
  if (state.status === 'loading') return <Spinner label={loading} />;
  if (state.status === 'error') {
    const refusal = refusalOf(state.error);
    if (refusal === 'not-moderator') {
      return (
        <section className="mod-refusal" aria-labelledby="mod-refusal-title">
          <h2 id="mod-refusal-title">{DESK_TEXTS.notModeratorTitle}</h2>
          <p>{DESK_TEXTS.notModerator}</p>
        </section>
      );
    }
    return <p role="alert">{refusal === 'signed-out' ? DESK_TEXTS.signedOut : errorMessage(state.error, failed)}</p>;
  }
  return <>{children(state.data)}</>;
}

/** The page of the URL (`?page=`), and where another page of the same list lives. */
export function usePageParam() {
  const [params] = useSearchParams();
  const page = readPage(params);
  const hrefOf = (next: number) => {
    const copy = new URLSearchParams(params);
    copy.set('page', String(next));
    return { search: `?${copy.toString()}` };
  };
  return { page, params, hrefOf };
}

export function PageLinks<T>({ data, hrefOf }: { data: Page<T>; hrefOf: (page: number) => { search: string } }) {
  return <Pagination page={data.page} total={data.total} pageSize={data.pageSize} nextPage={data.nextPage} hrefOf={hrefOf} />;
}

export function FieldError({ id, error }: { id: string; error: string | undefined }) {
  return error ? (
    <p id={id} className="aq-field__error">
      {error}
    </p>
  ) : null;
}

/**
 * A form's sending: busy while the call runs (no double submit), the api's field messages at their
 * fields, its message in plain words (a 403 included), a toast when done.
 */
export function useSubmission() {
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const [fields, setFields] = useState<FieldErrors>({});
  async function run(call: () => Promise<unknown>, done: string, fallback: string): Promise<boolean> {
    if (busy) return false;
    setBusy(true);
    setMessage(null);
    try {
      await call();
      setFields({});
      void toast('success', done);
      return true;
    } catch (error) {
      setFields(error instanceof ApiRequestError && error.fields ? (error.fields as FieldErrors) : {});
      setMessage(errorMessage(error, fallback));
      return false;
    } finally {
      setBusy(false);
    }
  }
  return { busy, message, fields, setFields, run };
}

/** The described-by ids of a control: its hint and, when shown, its error. */
export const describedBy = (...ids: (string | false | undefined)[]) => ids.filter(Boolean).join(' ') || undefined;
