import { ApiRequestError, errorMessage, useApiData, type ApiData } from '@antiquarium/api-client';
import { Pagination, Spinner, readPage, toast, usePagingFocus } from '@antiquarium/ui';
import { useRef, useState, type ReactNode, type RefObject } from 'react';
import { Link, NavLink, useSearchParams } from 'react-router-dom';
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
  { to: '/moderation/inbox', label: 'Contact inbox', end: false },
  { to: '/moderation/appeals', label: 'Appeals', end: false },
  { to: '/moderation/cases', label: 'Misuse cases', end: false },
  { to: '/moderation/audit', label: 'Audit log', end: false },
  // Not 'Transparency': the footer's link of that name is the public page (one name, one place).
  { to: '/moderation/transparency', label: 'Transparency figures', end: false },
];

/** Every moderators' screen: its title (`heading`: where a paged list's focus goes after paging), the desk's sections, then its content. */
export function Desk({ title, lead, heading, children }: { title: string; lead: string; heading?: RefObject<HTMLHeadingElement | null>; children: ReactNode }) {
  return (
    <div className="aq-container mod-desk">
      <h1 ref={heading}>{title}</h1>
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

/** The tabs of a list by status (`?status=`), the current one marked for assistive technology. */
export function StatusTabs<S extends string>({ label, current, options }: { label: string; current: S; options: readonly { value: S; text: string }[] }) {
  return (
    <ul className="mod-sections" aria-label={label}>
      {options.map((option) => (
        <li key={option.value}>
          <Link
            className={option.value === current ? 'mod-section active' : 'mod-section'}
            aria-current={option.value === current ? 'page' : undefined}
            to={`?status=${option.value}`}
          >
            {option.text}
          </Link>
        </li>
      ))}
    </ul>
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

/**
 * A moderators' list: what Loaded shows while it loads or when it is refused; the empty text; else
 * `before` (a count, say), the items as an ordered list (`children` renders each, keyed) and the
 * page links.
 */
export function PagedList<T>({
  state,
  loading,
  failed,
  empty,
  hrefOf,
  onPage,
  before,
  children,
}: {
  state: ApiData<Page<T>>;
  loading: string;
  failed: string;
  empty: string;
  hrefOf: (page: number) => { search: string };
  /** Told the page Previous or Next goes to (usePagingFocus). */
  onPage?: (page: number) => void;
  before?: (data: Page<T>) => ReactNode;
  children: (item: T) => ReactNode;
}) {
  return (
    <Loaded state={state} loading={loading} failed={failed}>
      {(data) =>
        data.items.length === 0 ? (
          <p>{empty}</p>
        ) : (
          <>
            {before?.(data)}
            <ol className="mod-list">{data.items.map((item) => children(item))}</ol>
            <PageLinks data={data} hrefOf={hrefOf} onPage={onPage} />
          </>
        )
      }
    </Loaded>
  );
}

/** A moderators' screen that is one paged list (the queue, misuse cases, the audit log). */
export function ListScreen<T>({
  name,
  texts,
  load,
  before,
  children,
}: {
  /** Names the screen's requests (a new page is a new request). */
  name: string;
  texts: { title: string; lead: string; loading: string; failed: string; empty: string };
  load: (page: number, signal: AbortSignal) => Promise<Page<T>>;
  before?: (data: Page<T>) => ReactNode;
  /** An item of the list, keyed; `retry` reads the list again (after an action on the item). */
  children: (item: T, retry: () => void) => ReactNode;
}) {
  const { page, hrefOf } = usePageParam();
  const state = useApiData(`${name}:${page}`, (signal) => load(page, signal));
  const heading = useRef<HTMLHeadingElement>(null);
  const paging = usePagingFocus(page, state.status === 'ready', heading);
  return (
    <Desk title={texts.title} lead={texts.lead} heading={heading}>
      <PagedList state={state} loading={texts.loading} failed={texts.failed} empty={texts.empty} hrefOf={hrefOf} onPage={paging.onPage} before={before}>
        {(item) => children(item, state.retry)}
      </PagedList>
    </Desk>
  );
}

/** One tab of a list by status: its `?status=` value, its name, and what an empty list says. */
export interface StatusOption<S extends string> {
  value: S;
  text: string;
  empty: string;
}

/** A screen's texts for its statuses: each status's tab (`open`) and its empty list (`emptyOpen`). */
export type StatusTexts<S extends string> = Record<S, string> & Record<`empty${Capitalize<S>}`, string>;

/** The tabs of a StatusListScreen, in the order given, each with its texts. */
export function statusOptions<S extends string>(texts: StatusTexts<S>, values: readonly [S, ...S[]]): [StatusOption<S>, ...StatusOption<S>[]] {
  const read = texts as Record<string, string>;
  const option = (value: S): StatusOption<S> => ({ value, text: read[value] as string, empty: read[`empty${value.charAt(0).toUpperCase()}${value.slice(1)}`] as string });
  const [first, ...rest] = values;
  return [option(first), ...rest.map(option)];
}

interface StatusListScreenProps<S extends string, T> {
  /** Names the screen's requests (a new status or page is a new request). */
  name: string;
  texts: { title: string; lead: string; loading: string; failed: string };
  tabsLabel: string;
  /** The first is the one shown when the URL names none (or an unknown one). */
  statuses: readonly [StatusOption<S>, ...StatusOption<S>[]];
  load: (status: S, page: number, signal: AbortSignal) => Promise<Page<T>>;
  /** An item of the list, keyed; `retry` reads the list again (after an action on the item). */
  children: (item: T, retry: () => void) => ReactNode;
}

/** A moderators' screen that lists by status (appeals, the contact inbox): tabs, then the paged list. */
export function StatusListScreen<S extends string, T>({ name, texts, tabsLabel, statuses, load, children }: StatusListScreenProps<S, T>) {
  const { page, params, hrefOf } = usePageParam();
  const chosen = statuses.find((option) => option.value === params.get('status')) ?? statuses[0];
  const state = useApiData(`${name}:${chosen.value}:${page}`, (signal) => load(chosen.value, page, signal));
  const heading = useRef<HTMLHeadingElement>(null);
  const paging = usePagingFocus(page, state.status === 'ready', heading);
  return (
    <Desk title={texts.title} lead={texts.lead} heading={heading}>
      <StatusTabs label={tabsLabel} current={chosen.value} options={statuses} />
      <PagedList state={state} loading={texts.loading} failed={texts.failed} empty={chosen.empty} hrefOf={hrefOf} onPage={paging.onPage}>
        {(item) => children(item, state.retry)}
      </PagedList>
    </Desk>
  );
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

export function PageLinks<T>({ data, hrefOf, onPage }: { data: Page<T>; hrefOf: (page: number) => { search: string }; onPage?: (page: number) => void }) {
  return <Pagination page={data.page} total={data.total} pageSize={data.pageSize} nextPage={data.nextPage} hrefOf={hrefOf} onPage={onPage} />;
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

/** A labelled text area of a moderators' form, with its hint and its message tied to it. */
export function TextAreaField({
  id,
  label,
  value,
  onChange,
  maxLength,
  error,
  hint,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  maxLength: number;
  error?: string;
  hint?: string;
}) {
  return (
    <div className="aq-field">
      <label htmlFor={id}>{label}</label>
      <textarea
        id={id}
        className="aq-textarea"
        rows={3}
        maxLength={maxLength}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(hint && `${id}-hint`, error && `${id}-error`)}
      />
      {hint ? (
        <p id={`${id}-hint`} className="mod-hint">
          {hint}
        </p>
      ) : null}
      <FieldError id={`${id}-error`} error={error} />
    </div>
  );
}

/** A moderators' form's foot: the failure of its last send, and its submit button (busy while sending). */
export function FormFoot({ message, busy, label, busyLabel, primary = false }: { message: string | null; busy: boolean; label: string; busyLabel: string; primary?: boolean }) {
  return (
    <>
      {message ? (
        <p role="alert" className="mod-alert">
          {message}
        </p>
      ) : null}
      <div className="mod-actions">
        <button type="submit" className={primary ? 'aq-button aq-button--primary' : 'aq-button'} disabled={busy}>
          {busy ? busyLabel : label}
        </button>
      </div>
    </>
  );
}
