import { errorMessage, setCollectionItems } from '@antiquarium/api-client';
import { COLLECTION_LIMITS, type CollectionItem } from '@antiquarium/contracts';
import { ArtifactImage, coverPhoto, LeaveGuard, toast } from '@antiquarium/ui';
import { useEffect, useRef, useState, type DragEvent } from 'react';
import { Link } from 'react-router-dom';
import { itemsInput, moveItem } from './item-order';

export const ITEMS_EDITOR_TEXTS = {
  title: 'Artifacts in this collection',
  help: 'Drag an artifact by its handle, or use Move up and Move down, then save.',
  empty: 'This collection has no artifacts yet. Add some from their pages with “Add to collection”.',
  handle: 'Drag',
  moveUp: 'Move up',
  moveDown: 'Move down',
  remove: 'Remove',
  noteLabel: (name: string) => `Note for ${name}`,
  unavailable: 'No longer shown to others (removed or restricted). Only you see it here.',
  unavailableName: 'Unavailable artifact',
  moved: (name: string, position: number, count: number) => `${name} moved to position ${position} of ${count}.`,
  removed: (name: string) => `${name} removed. Save to keep the change.`,
  unsaved: 'You have unsaved changes.',
  save: 'Save order and notes',
  saving: 'Saving…',
  saved: 'Collection saved',
  saveFailed: 'The collection could not be saved. Your changes are still here: try again.',
} as const;

const THUMB_SIZES = '96px';

function nameOf(item: CollectionItem): string {
  return item.artifact?.name ?? ITEMS_EDITOR_TEXTS.unavailableName;
}

interface ItemRowProps {
  item: CollectionItem;
  index: number;
  /** How many items the list holds (the last one cannot move down). */
  count: number;
  dragging: boolean;
  onDragStart: () => void;
  onDragEnd: () => void;
  onDrop: (event: DragEvent<HTMLLIElement>) => void;
  onNote: (note: string) => void;
  onMove: (direction: 'up' | 'down') => void;
  onRemove: () => void;
}

/** One artifact of the owner's list: its picture, name, note, drag handle and buttons. */
function ItemRow({ item, index, count, dragging, onDragStart, onDragEnd, onDrop, onNote, onMove, onRemove }: ItemRowProps) {
  const name = nameOf(item);
  const noteId = `collection-note-${item.artifactId}`;
  const classes = ['cat-collection__item'];
  if (dragging) classes.push('cat-collection__item--dragging');
  if (!item.artifact || item.unavailable) classes.push('cat-collection__item--unavailable');
  return (
    <li className={classes.join(' ')} data-artifact-id={item.artifactId} onDragOver={(event) => event.preventDefault()} onDrop={onDrop}>
      <div className="cat-collection__media">
        {item.artifact ? (
          <ArtifactImage src={item.artifact.image} photo={coverPhoto(item.artifact)} alt="" width={960} height={720} sizes={THUMB_SIZES} />
        ) : null}
      </div>
      <div className="cat-collection__body">
        <h3>
          <span className="cat-collection__position">{index + 1}.</span>{' '}
          {item.artifact ? <Link to={`/artifacts/${item.artifactId}`}>{name}</Link> : name}
        </h3>
        {!item.artifact || item.unavailable ? <p className="cat-collection__meta">{ITEMS_EDITOR_TEXTS.unavailable}</p> : null}
        <div className="aq-field">
          <label htmlFor={noteId}>{ITEMS_EDITOR_TEXTS.noteLabel(name)}</label>
          <textarea
            id={noteId}
            className="aq-textarea"
            rows={2}
            maxLength={COLLECTION_LIMITS.note}
            value={item.note}
            onChange={(event) => onNote(event.target.value)}
          />
        </div>
        <div className="cat-collection__tools">
          <span
            className="aq-button cat-collection__handle"
            draggable
            aria-hidden="true"
            data-drag-handle={item.artifactId}
            onDragStart={(event) => {
              event.dataTransfer.effectAllowed = 'move';
              event.dataTransfer.setData('text/plain', item.artifactId);
              onDragStart();
            }}
            onDragEnd={onDragEnd}
          >
            {ITEMS_EDITOR_TEXTS.handle}
          </span>
          <button type="button" className="aq-button" data-move="up" disabled={index === 0} onClick={() => onMove('up')}>
            {ITEMS_EDITOR_TEXTS.moveUp}
            <span className="aq-visually-hidden"> {name}</span>
          </button>
          <button type="button" className="aq-button" data-move="down" disabled={index === count - 1} onClick={() => onMove('down')}>
            {ITEMS_EDITOR_TEXTS.moveDown}
            <span className="aq-visually-hidden"> {name}</span>
          </button>
          <button type="button" className="aq-button cat-button--danger" onClick={onRemove}>
            {ITEMS_EDITOR_TEXTS.remove}
            <span className="aq-visually-hidden"> {name}</span>
          </button>
        </div>
      </div>
    </li>
  );
}

/** The Save button, with why the last save failed or that there are changes to save. */
function SaveBar({ saving, error, onSave }: { saving: boolean; error: string | null; onSave: () => void }) {
  return (
    <div className="cat-collection__save">
      <button type="button" className="aq-button aq-button--primary" disabled={saving} onClick={onSave}>
        {saving ? ITEMS_EDITOR_TEXTS.saving : ITEMS_EDITOR_TEXTS.save}
      </button>
      {error ? (
        <p className="cat-collection__error" role="alert">
          {error}
        </p>
      ) : (
        <p className="cat-collection__meta">{ITEMS_EDITOR_TEXTS.unsaved}</p>
      )}
    </div>
  );
}

interface ItemsEditorProps {
  collectionId: string;
  items: CollectionItem[];
  onSaved: (items: CollectionItem[]) => void;
}

/** The owner's list: reorder (drag, or the Move buttons with a spoken announcement), notes, removal. */
export function ItemsEditor({ collectionId, items: savedItems, onSaved }: ItemsEditorProps) {
  const [items, setItems] = useState(savedItems);
  const [dirty, setDirty] = useState(false);
  const [announcement, setAnnouncement] = useState('');
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [dragged, setDragged] = useState<number | null>(null);
  // After a move by keyboard the focus stays on the button pressed, on the item's new row.
  const [focusAfterMove, setFocusAfterMove] = useState<{ artifactId: string; direction: 'up' | 'down' } | null>(null);
  const list = useRef<HTMLOListElement>(null);

  useEffect(() => {
    if (!focusAfterMove) return;
    const row = list.current?.querySelector<HTMLElement>(`[data-artifact-id="${CSS.escape(focusAfterMove.artifactId)}"]`);
    const wanted = row?.querySelector<HTMLButtonElement>(`[data-move="${focusAfterMove.direction}"]`);
    // At the top (or bottom) its button is disabled: the other one takes the focus.
    const target = wanted && !wanted.disabled ? wanted : row?.querySelector<HTMLButtonElement>('[data-move]:not(:disabled)');
    target?.focus();
    setFocusAfterMove(null);
  }, [focusAfterMove]);

  const change = (next: CollectionItem[]) => {
    setItems(next);
    setDirty(true);
    setError(null);
  };

  const move = (from: number, to: number) => {
    const item = items[from];
    if (!item || to < 0 || to >= items.length || from === to) return;
    change(moveItem(items, from, to));
    setAnnouncement(ITEMS_EDITOR_TEXTS.moved(nameOf(item), to + 1, items.length));
  };

  const moveByKey = (from: number, direction: 'up' | 'down') => {
    const item = items[from];
    if (!item) return;
    move(from, direction === 'up' ? from - 1 : from + 1);
    setFocusAfterMove({ artifactId: item.artifactId, direction });
  };

  const remove = (index: number) => {
    const item = items[index];
    if (!item) return;
    change(items.filter((_, position) => position !== index));
    setAnnouncement(ITEMS_EDITOR_TEXTS.removed(nameOf(item)));
    // The focus goes to the list's heading rather than to the top of the page.
    list.current?.parentElement?.querySelector<HTMLElement>('h2')?.focus();
  };

  const setNote = (index: number, note: string) => {
    change(items.map((item, position) => (position === index ? { ...item, note } : item)));
  };

  const onDrop = (event: DragEvent<HTMLLIElement>, to: number) => {
    event.preventDefault();
    if (dragged !== null) move(dragged, to);
    setDragged(null);
  };

  const save = async () => {
    setSaving(true);
    setError(null);
    try {
      await setCollectionItems(collectionId, itemsInput(items));
      const trimmed = items.map((item) => ({ ...item, note: item.note.trim() }));
      setItems(trimmed);
      setDirty(false);
      onSaved(trimmed);
      void toast('success', ITEMS_EDITOR_TEXTS.saved);
    } catch (failure) {
      // Nothing the owner did is lost: the list stays as it is, with the reason beside the button.
      setError(errorMessage(failure, ITEMS_EDITOR_TEXTS.saveFailed));
    } finally {
      setSaving(false);
    }
  };

  return (
    <section aria-labelledby="collection-items-title">
      <h2 id="collection-items-title" tabIndex={-1}>
        {ITEMS_EDITOR_TEXTS.title}
      </h2>
      {/* A typed note, a reorder or a removal is kept only by Save: leaving before asks first. */}
      <LeaveGuard when={dirty} />
      <p className="aq-visually-hidden" role="status" aria-live="polite">
        {announcement}
      </p>
      {items.length === 0 ? (
        <p className="cat-message">{ITEMS_EDITOR_TEXTS.empty}</p>
      ) : (
        <>
          <p className="cat-collection__meta">{ITEMS_EDITOR_TEXTS.help}</p>
          <ol className="cat-collection__items" ref={list}>
            {items.map((item, index) => (
              <ItemRow
                key={item.artifactId}
                item={item}
                index={index}
                count={items.length}
                dragging={dragged === index}
                onDragStart={() => setDragged(index)}
                onDragEnd={() => setDragged(null)}
                onDrop={(event) => onDrop(event, index)}
                onNote={(note) => setNote(index, note)}
                onMove={(direction) => moveByKey(index, direction)}
                onRemove={() => remove(index)}
              />
            ))}
          </ol>
        </>
      )}
      {dirty || error ? <SaveBar saving={saving} error={error} onSave={() => void save()} /> : null}
    </section>
  );
}
