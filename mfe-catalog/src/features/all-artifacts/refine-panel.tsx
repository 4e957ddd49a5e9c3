import { ARTIFACT_TYPES, ERAS, MAX_YEAR, centuryEnd, type ArtifactFacets } from '@antiquarium/contracts';
import { LEADS_TO_ATTRIBUTE } from '@antiquarium/contracts/first-page';
import { useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { centuryLabel, eraOf, writeQuery, type ArtifactQuery } from './artifact-query';

export const REFINE_TEXTS = {
  title: 'Refine',
  types: 'Type',
  eras: 'Era',
  years: 'Years',
  from: 'From year',
  to: 'To year',
  apply: 'Apply years',
  within: 'Wholly inside these years',
  places: 'Place',
  timeline: 'Artifacts per century',
  timelineHelp: 'Choose a century to see its artifacts; Shift with an arrow key widens the choice.',
  yearProblem: 'Enter a year from 1 to 9999, or leave it empty.',
} as const;

const MAX_PLACES_SHOWN = 8;

interface RefinePanelProps {
  query: ArtifactQuery;
  facets: ArtifactFacets | null;
  onChange: (query: ArtifactQuery) => void;
}

type Era = 'BC' | 'AD';

function toSigned(text: string, era: Era): number | null | 'bad' {
  const trimmed = text.trim();
  if (!trimmed) return null;
  if (!/^\d{1,4}$/.test(trimmed)) return 'bad';
  const year = Number(trimmed);
  if (year < 1 || year > MAX_YEAR) return 'bad';
  return era === 'BC' ? -year : year;
}

function fromSigned(year: number | null): { text: string; era: Era } {
  if (year === null) return { text: '', era: 'AD' };
  return year < 0 ? { text: String(-year), era: 'BC' } : { text: String(year), era: 'AD' };
}

/** A year with a BC/AD choice: what people type, not signed numbers. */
function YearInput({ id, label, text, era, onText, onEra }: { id: string; label: string; text: string; era: Era; onText: (v: string) => void; onEra: (v: Era) => void }) {
  return (
    <div className="cat-year">
      <label htmlFor={id}>{label}</label>
      <div className="cat-year__row">
        <input id={id} className="aq-input" inputMode="numeric" autoComplete="off" maxLength={4} value={text} onChange={(event) => onText(event.target.value)} />
        <select aria-label={`${label}: BC or AD`} className="aq-select" value={era} onChange={(event) => onEra(event.target.value === 'BC' ? 'BC' : 'AD')}>
          <option value="BC">BC</option>
          <option value="AD">AD</option>
        </select>
      </div>
    </div>
  );
}

function YearRange({ query, onChange }: Pick<RefinePanelProps, 'query' | 'onChange'>) {
  const [from, setFrom] = useState(fromSigned(query.from));
  const [to, setTo] = useState(fromSigned(query.to));
  const [shown, setShown] = useState(`${query.from}:${query.to}`);
  const [problem, setProblem] = useState('');
  // The URL can change under the form (an era, the timeline, back and forward): show its years.
  if (shown !== `${query.from}:${query.to}`) {
    setShown(`${query.from}:${query.to}`);
    setFrom(fromSigned(query.from));
    setTo(fromSigned(query.to));
  }
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const start = toSigned(from.text, from.era);
    const end = toSigned(to.text, to.era);
    if (start === 'bad' || end === 'bad') {
      setProblem(REFINE_TEXTS.yearProblem);
      return;
    }
    setProblem('');
    const [low, high] = start !== null && end !== null && start > end ? [end, start] : [start, end];
    onChange({ ...query, from: low, to: high, page: 1 });
  };
  return (
    <form id="refine-years-form" className="cat-refine__years" aria-labelledby="refine-years" onSubmit={onSubmit} noValidate>
      <h3 id="refine-years">{REFINE_TEXTS.years}</h3>
      <YearInput id="refine-from" label={REFINE_TEXTS.from} text={from.text} era={from.era} onText={(text) => setFrom({ ...from, text })} onEra={(era) => setFrom({ ...from, era })} />
      <YearInput id="refine-to" label={REFINE_TEXTS.to} text={to.text} era={to.era} onText={(text) => setTo({ ...to, text })} onEra={(era) => setTo({ ...to, era })} />
      <label className="cat-refine__check">
        <input
          type="checkbox"
          checked={query.within}
          disabled={query.from === null && query.to === null}
          onChange={(event) => onChange({ ...query, within: event.target.checked, page: 1 })}
        />
        {REFINE_TEXTS.within}
      </label>
      <button type="submit" className="aq-button">
        {REFINE_TEXTS.apply}
      </button>
      <p role="alert" className="aq-field__error">
        {problem}
      </p>
    </form>
  );
}

/**
 * Bars of artifacts per century. One bar is in the tab order at a time; arrows move between bars,
 * Enter or Space (or a click) chooses a century, Shift with an arrow widens the chosen range.
 */
function Timeline({ query, facets, onChange }: RefinePanelProps) {
  const centuries = facets?.centuries ?? [];
  const bars = useRef<Array<HTMLButtonElement | null>>([]);
  const [focus, setFocus] = useState(0);
  if (centuries.length === 0) return null;
  const highest = Math.max(...centuries.map((century) => century.count));
  const chosen = (from: number) => query.from !== null && query.to !== null && from >= query.from && centuryEnd(from) <= query.to;
  const choose = (first: number, last: number) => {
    const a = centuries[Math.min(first, last)];
    const b = centuries[Math.max(first, last)];
    if (a && b) onChange({ ...query, from: a.from, to: centuryEnd(b.from), page: 1 });
  };
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    const jump = event.key === 'Home' ? -index : event.key === 'End' ? centuries.length - 1 - index : step;
    if (jump === 0) return;
    event.preventDefault();
    const next = Math.min(Math.max(index + jump, 0), centuries.length - 1);
    setFocus(next);
    bars.current[next]?.focus();
    if (event.shiftKey && step !== 0) {
      // Widen from the first chosen bar (or this one) to the next.
      const anchor = centuries.findIndex((century) => chosen(century.from));
      choose(anchor >= 0 ? anchor : index, next);
    }
  };
  return (
    <section className="cat-timeline" aria-labelledby="refine-timeline">
      <h3 id="refine-timeline">{REFINE_TEXTS.timeline}</h3>
      <p id="refine-timeline-help" className="aq-visually-hidden">
        {REFINE_TEXTS.timelineHelp}
      </p>
      {/* A century per bar, as thin as the timeline's width allows: too small to tap one with a
          finger, so the same choice has full-size controls beside it, the years form (WCAG 2.5.8's
          "equivalent" exception; e2e target-size.spec reads this attribute and checks that form). */}
      <div
        className="cat-timeline__bars"
        role="group"
        aria-labelledby="refine-timeline"
        aria-describedby="refine-timeline-help"
        data-target-equivalent="refine-years-form"
      >
        {centuries.map((century, index) => (
          <button
            key={century.from}
            ref={(node) => {
              bars.current[index] = node;
            }}
            type="button"
            className="cat-timeline__bar"
            tabIndex={index === Math.min(focus, centuries.length - 1) ? 0 : -1}
            aria-pressed={chosen(century.from)}
            aria-label={`${centuryLabel(century.from)}: ${century.count} ${century.count === 1 ? 'artifact' : 'artifacts'}`}
            title={`${centuryLabel(century.from)}: ${century.count}`}
            onFocus={() => setFocus(index)}
            onClick={() => choose(index, index)}
            onKeyDown={(event) => onKeyDown(event, index)}
          >
            <span style={{ height: `${Math.max(8, Math.round((century.count / highest) * 100))}%` }} />
          </button>
        ))}
      </div>
      <div className="cat-timeline__ends" aria-hidden="true">
        <span>{centuryLabel(centuries[0]?.from ?? 1)}</span>
        <span>{centuryLabel(centuries[centuries.length - 1]?.from ?? 1)}</span>
      </div>
    </section>
  );
}

/**
 * The count beside a choice, and how it is read: 'Ancient 9 artifacts'. The name starts with exactly
 * what is shown ('Ancient 9'), WCAG 2.5.3 label in name: a voice user says what they see.
 */
function Count({ count }: { count: number }) {
  return (
    <>
      {' '}
      <span className="cat-choice__count">{count}</span>
      <span className="aq-visually-hidden"> {count === 1 ? 'artifact' : 'artifacts'}</span>
    </>
  );
}

/**
 * A facet's choice: pressed while chosen, its count beside it (and in its name). A choice that would
 * find nothing ('Modern 0') cannot be chosen; once chosen it stays pressable, to take it away. It
 * names the list it leads to (`next`): tapped in a composed page before the catalog's code has
 * come, the intent starter opens that list as the server composes it (LEADS_TO_ATTRIBUTE).
 */
function Choice({ label, count, active, next, onChange }: { label: string; count: number | undefined; active: boolean; next: ArtifactQuery; onChange: (query: ArtifactQuery) => void }) {
  const leadsTo = { [LEADS_TO_ATTRIBUTE]: `?${writeQuery(next).toString()}` };
  return (
    <button type="button" className="cat-choice" aria-pressed={active} disabled={count === 0 && !active} onClick={() => onChange(next)} {...leadsTo}>
      {label}
      {count !== undefined ? <Count count={count} /> : null}
    </button>
  );
}

/** Era, years, places and the timeline, each choice with its count (counts ignore their own choice). */
export function RefinePanel({ query, facets, onChange }: RefinePanelProps) {
  const era = eraOf(query);
  const places = (facets?.places ?? []).slice(0, MAX_PLACES_SHOWN);
  return (
    <div className="cat-refine__body">
      {/* Not labelled by its heading: the Type select above owns the label 'Type'. */}
      <section>
        <h3>{REFINE_TEXTS.types}</h3>
        <ul className="cat-choices">
          {ARTIFACT_TYPES.map((type) => {
            const count = facets?.types.find((entry) => entry.value === type)?.count;
            const active = query.type === type;
            return (
              <li key={type}>
                <Choice label={type} count={count} active={active} next={{ ...query, type: active ? '' : type, page: 1 }} onChange={onChange} />
              </li>
            );
          })}
        </ul>
      </section>
      <section aria-labelledby="refine-eras">
        <h3 id="refine-eras">{REFINE_TEXTS.eras}</h3>
        <ul className="cat-choices">
          {ERAS.map((choice) => {
            const count = facets?.eras.find((entry) => entry.value === choice.value)?.count;
            const active = era?.value === choice.value;
            return (
              <li key={choice.value}>
                <Choice
                  label={choice.label}
                  count={count}
                  active={active}
                  next={{ ...query, from: active ? null : choice.from, to: active ? null : choice.to, page: 1 }}
                  onChange={onChange}
                />
              </li>
            );
          })}
        </ul>
      </section>
      <YearRange query={query} onChange={onChange} />
      <Timeline query={query} facets={facets} onChange={onChange} />
      {places.length > 0 ? (
        <section aria-labelledby="refine-places">
          <h3 id="refine-places">{REFINE_TEXTS.places}</h3>
          <ul className="cat-choices">
            {places.map((place) => {
              const active = query.place === place.value;
              return (
                <li key={place.value}>
                  <Choice label={place.value} count={place.count} active={active} next={{ ...query, place: active ? '' : place.value, page: 1 }} onChange={onChange} />
                </li>
              );
            })}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
