import { AntdTheme } from '@antiquarium/ui/antd-theme';
import type { CollectionItem } from '@antiquarium/contracts';
import type { CollectionData } from './collection-data';
import { DeleteCollection } from './delete-collection';
import { DetailsForm } from './details-form';
import { ItemsEditor } from './items-editor';

interface CollectionEditorProps {
  collection: CollectionData;
  onSaved: (collection: CollectionData) => void;
}

/**
 * The owner's tools on the collection page, loaded only for the owner (collection-page.tsx): the
 * collection's fields, its items (order, notes, removal), and its deletion.
 */
export default function CollectionEditor({ collection, onSaved }: CollectionEditorProps) {
  return (
    <AntdTheme>
      <DetailsForm collection={collection} onSaved={(changes) => onSaved({ ...collection, ...changes })} />
      <ItemsEditor
        collectionId={collection.id}
        items={collection.items}
        onSaved={(items: CollectionItem[]) => onSaved({ ...collection, items, itemCount: items.length })}
      />
      <section className="cat-collection__panel cat-collection__danger" aria-label="Delete">
        <DeleteCollection id={collection.id} title={collection.title} />
      </section>
    </AntdTheme>
  );
}
