import { useApiData, type ApiData } from '@antiquarium/api-client';
import { Pagination, readPage, usePagingFocus } from '@antiquarium/ui';
import { useRef, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { Desk, Loaded } from './desk-layout';
import type { Page } from './moderation-api';

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

