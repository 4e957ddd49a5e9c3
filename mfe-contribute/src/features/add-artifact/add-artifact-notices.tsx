import type { Ref } from 'react';
import { Link } from 'react-router-dom';
import { ADD_TEXTS } from './add-artifact-texts';

/** The artifact just created: its id for the link, its name for the text. */
export type AddedArtifact = { id: string; name: string };

/** Tells the member their draft came back (add-draft.ts), with the way to start afresh. */
export function DraftNotice({ onDiscard }: { onDiscard: () => void }) {
  return (
    <div className="aq-notice" role="region" aria-labelledby="add-draft-title">
      <h2 id="add-draft-title" className="aq-notice__title">
        {ADD_TEXTS.draftTitle}
      </h2>
      <p>{ADD_TEXTS.draftText}</p>
      <p className="aq-notice__actions">
        <button type="button" className="aq-button" onClick={onDiscard}>
          {ADD_TEXTS.discardDraft}
        </button>
      </p>
    </div>
  );
}

/** The success panel after a create; its heading takes the focus (headingRef), with where to go next. */
export function AddedPanel({ added, headingRef, onAddAnother }: { added: AddedArtifact; headingRef: Ref<HTMLHeadingElement>; onAddAnother: () => void }) {
  return (
    <div className="aq-notice ctb-added">
      <h2 id="artifact-added-title" className="aq-notice__title" tabIndex={-1} ref={headingRef}>
        {ADD_TEXTS.addedTitle}
      </h2>
      <p>{ADD_TEXTS.addedText(added.name)}</p>
      <p className="aq-notice__actions">
        <Link className="aq-button aq-button--primary" to={`/artifacts/${added.id}`}>
          {ADD_TEXTS.viewIt}
        </Link>
        <button type="button" className="aq-button" onClick={onAddAnother}>
          {ADD_TEXTS.addAnother}
        </button>
        <Link className="aq-button" to="/my-artifacts">
          {ADD_TEXTS.myArtifacts}
        </Link>
      </p>
    </div>
  );
}
