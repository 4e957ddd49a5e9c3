import type { ArtifactFacets } from '@antiquarium/contracts';
import { useState } from 'react';
import { flushSync } from 'react-dom';
import type { ArtifactQuery } from './artifact-query';
import { REFINE_TEXTS, RefinePanel } from './refine-panel';

/** The phone's refine drawer's way back to the results: 'Show 12 results'. */
export function showResults(total: number): string {
  return `Show ${total} ${total === 1 ? 'result' : 'results'}`;
}

interface RefineDrawerProps {
  query: ArtifactQuery;
  /** The counts beside each choice, when known. */
  facets: ArtifactFacets | null;
  onChange: (next: ArtifactQuery) => void;
  /** How many artifacts the choices found, or null while the list loads. */
  total: number | null;
  /** Takes the focus to the results, once the drawer is closed. */
  focusResults: () => void;
}

/** The refine panel: a column beside the results, folded into a drawer on a phone. */
export function RefineDrawer({ query, facets, onChange, total, focusResults }: RefineDrawerProps) {
  const [open, setOpen] = useState(false);
  return (
    <aside className={`cat-refine${open ? ' cat-refine--open' : ''}`} aria-labelledby="refine-title">
      <div className="cat-refine__head">
        <h2 id="refine-title">{REFINE_TEXTS.title}</h2>
        <button type="button" className="aq-button cat-refine__toggle" aria-expanded={open} aria-controls="refine-panel" onClick={() => setOpen(!open)}>
          {open ? 'Close filters' : 'Filters'}
        </button>
      </div>
      <div id="refine-panel" className="cat-refine__panel">
        <RefinePanel query={query} facets={facets} onChange={onChange} />
        {/* On a phone the open panel is taller than the screen: this stays at its foot, says what
            the choices found, and goes back to them (issue 32). Hidden where the panel is a column. */}
        <div className="cat-refine__show">
          <button
            type="button"
            className="aq-button aq-button--primary"
            onClick={() => {
              // Closed first, then focused: focusing while the panel is still open would scroll
              // to where the count is before the panel's height goes.
              flushSync(() => setOpen(false));
              focusResults();
            }}
          >
            {total !== null ? showResults(total) : 'Show results'}
          </button>
        </div>
      </div>
    </aside>
  );
}
