import { iiifCollectionUrl } from '@antiquarium/api-client';
import { collectionPagePath } from '@antiquarium/contracts';
import { ArtifactImage, coverPhoto, usePageTitle } from '@antiquarium/ui';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { IiifLink } from '../../shared/iiif-link';
import { CopyLinkButton } from './copy-link-button';
import { memberCollectionsPath, ownerName, shownItems, type CollectionData } from './collection-data';
import '../../shared/collection.css';

export const COLLECTION_TEXTS = {
  curatedBy: 'Curated by',
  privateBadge: 'Private',
  publicBadge: 'Public',
  empty: 'This collection has no artifacts yet.',
  note: 'Note',
  items: (count: number) => (count === 1 ? '1 artifact' : `${count} artifacts`),
} as const;

/** An item's picture: as wide as its column (collection.css). */
const ITEM_IMAGE_SIZES = '(min-width: 720px) 240px, calc(100vw - 2rem)';

export interface CollectionViewProps {
  collection: CollectionData;
  /** The owner's editor (its code loaded apart, for the owner only): shown instead of the read list. */
  editor?: ReactNode;
}

/**
 * A collection as anyone reads it: title, description, its curator, and its artifacts in the
 * curator's order with their notes. A pure component fed by data, so the server can compose it
 * (docs/decisions/0010) exactly as the browser renders it; the owner's editing code lives apart.
 */
export function CollectionView({ collection, editor }: CollectionViewProps) {
  const headingId = 'collection-title';
  const items = shownItems(collection);
  // The tab names the collection, as its shared document's <title> does (the route's is generic).
  usePageTitle(collection.title);
  return (
    <article className="aq-container cat-collection" aria-labelledby={headingId}>
      <header className="cat-collection__head">
        <p className="aq-badge aq-badge--light">
          {collection.visibility === 'private' ? COLLECTION_TEXTS.privateBadge : COLLECTION_TEXTS.publicBadge}
        </p>
        <h1 id={headingId}>{collection.title}</h1>
        {collection.description ? <p className="cat-collection__description">{collection.description}</p> : null}
        <p className="cat-collection__credit">
          {COLLECTION_TEXTS.curatedBy}{' '}
          <Link to={memberCollectionsPath(collection.ownerUid)}>{ownerName(collection)}</Link>
          {' · '}
          {COLLECTION_TEXTS.items(items.length)}
        </p>
        <div className="cat-collection__actions">
          <CopyLinkButton path={collectionPagePath(collection.id)} />
        </div>
      </header>
      {editor ?? (items.length === 0 ? (
        <p className="cat-message">{COLLECTION_TEXTS.empty}</p>
      ) : (
        <ol className="cat-collection__items">
          {items.map((item, index) => (
            <li key={item.artifactId} className="cat-collection__item">
              <div className="cat-collection__media">
                <ArtifactImage
                  src={item.artifact.image}
                  photo={coverPhoto(item.artifact)}
                  alt={item.artifact.name}
                  width={960}
                  height={720}
                  sizes={ITEM_IMAGE_SIZES}
                  priority={index === 0 ? 'lcp' : 'lazy'}
                />
              </div>
              <div className="cat-collection__body">
                <h2>
                  <span className="cat-collection__position">{index + 1}.</span>{' '}
                  <Link to={`/artifacts/${item.artifactId}`}>{item.artifact.name}</Link>
                </h2>
                <p className="cat-collection__meta">{item.artifact.type}</p>
                {item.note ? (
                  <p className="cat-collection__note">
                    <span className="cat-collection__note-label">{COLLECTION_TEXTS.note}:</span> {item.note}
                  </p>
                ) : null}
              </div>
            </li>
          ))}
        </ol>
      ))}
      {/* A public collection is a IIIF Collection of its artifacts' manifests (issue 44); a private one has none. */}
      {collection.visibility === 'public' ? <IiifLink url={iiifCollectionUrl(collection.id)} kind="collection" /> : null}
    </article>
  );
}
