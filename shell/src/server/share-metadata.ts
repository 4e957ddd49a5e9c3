// What a shared or crawled document says about its page (issue 28): the <title>, the description, the
// canonical URL, Open Graph and Twitter card tags, and schema.org JSON-LD. Crawlers and chat previews
// run no JavaScript, so the shell's server puts these in the document it sends for an artifact's
// details page (behind sign-in in the app, but its public metadata is on its card for everyone) and
// for a public collection's page. Only public values go in: what the api answers without a session.
import { collectionPagePath, iiifManifestPath, iiifManifestReference, isoYear, jsonForScript, type Artifact } from '@antiquarium/contracts';

/** What is read of a collection as `GET /collections/:id` answers it (the contracts' Collection). */
export interface SharedCollection {
  id: string;
  title: string;
  description: string;
  visibility: string;
  ownerName?: string;
  /** In order; an item without its artifact is not shown to everyone. */
  items: readonly { artifact?: Artifact }[];
}

export const SITE_NAME = 'Antiquarium';
/** A description is cut to this many characters (search results and previews show about this much). */
export const DESCRIPTION_MAX = 200;

/** One page's public metadata, as the document's head carries it. */
export interface ShareMetadata {
  /** The page's own <title>. */
  title: string;
  /** Its title as previews show it (og:title, twitter:title). */
  name: string;
  description: string;
  /** The canonical, permanent URL of the page. */
  url: string;
  /** An absolute http(s) URL of its picture, if it has one. */
  image?: string;
  ogType: 'article' | 'website';
  /** schema.org JSON-LD. */
  jsonLd: Record<string, unknown>;
}

/** Escapes a value for a double-quoted attribute or for text: no value can end the attribute or open a tag. */
export function escapeHtml(value: string): string {
  return value.replace(/[&"'<>]/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** A text as one line of at most `max` characters, cut at a word with an ellipsis when longer. */
export function shortText(text: string, max = DESCRIPTION_MAX): string {
  const line = text.replace(/\s+/g, ' ').trim();
  if (line.length <= max) return line;
  const cut = line.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,;:.-]+$/, '')}…`;
}

/** An absolute http(s) URL for `value` (relative ones read against the site), or undefined. */
export function absoluteHttpUrl(value: string | null | undefined, origin: string): string | undefined {
  if (!value) return undefined;
  try {
    const url = new URL(value, `${origin}/`);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The date read from the artifact's created-at text (dates.ts) as ISO 8601: its year, or the
 * interval of years it was read as ('-1379/-1311'); undefined when it could not be read.
 */
export function isoDating(dating: Artifact['dating']): string | undefined {
  if (!dating || !Number.isInteger(dating.start) || !Number.isInteger(dating.end)) return undefined;
  return dating.start === dating.end ? isoYear(dating.start) : `${isoYear(dating.start)}/${isoYear(dating.end)}`;
}

/** The permanent URL of an artifact's page on the site. */
export function artifactPageUrl(origin: string, id: string): string {
  return `${origin}/artifacts/${encodeURIComponent(id)}`;
}

/** The permanent URL of a collection's page on the site. */
export function collectionPageUrl(origin: string, id: string): string {
  return `${origin}${collectionPagePath(id)}`;
}

/**
 * The artifact's pictures: each kept photo as an ImageObject with its alt text (as `description`,
 * schema.org's accessible text) and caption; a record with only an address, that address.
 */
function imagesOf(artifact: Artifact, origin: string, cover: string | undefined): { image?: string | Record<string, unknown>[] } {
  const photos = (artifact.images ?? []).flatMap((photo) => {
    const contentUrl = absoluteHttpUrl(photo.url, origin);
    if (!contentUrl) return [];
    return [{ '@type': 'ImageObject', contentUrl, description: photo.alt, ...(photo.caption ? { caption: photo.caption } : {}) }];
  });
  if (photos.length > 0) return { image: photos };
  return cover ? { image: cover } : {};
}

/**
 * The artifact as schema.org's VisualArtwork (name, description, image, date, place, licence,
 * credit) and, given the api's public address, its IIIF manifest as a work about it (as its
 * open-data record says it).
 */
export function artifactJsonLd(artifact: Artifact, origin: string, publicApiUrl?: string): Record<string, unknown> {
  const url = artifactPageUrl(origin, artifact._id);
  const image = absoluteHttpUrl(artifact.image, origin);
  const dateCreated = isoDating(artifact.dating);
  const location = artifact.location.trim();
  const credit = artifact.credit?.trim();
  return {
    '@context': 'https://schema.org',
    '@type': 'VisualArtwork',
    '@id': url,
    url,
    name: artifact.name,
    description: artifact.shortDescription,
    ...imagesOf(artifact, origin, image),
    artform: artifact.type,
    ...(dateCreated ? { dateCreated } : {}),
    ...(location ? { contentLocation: { '@type': 'Place', name: location } } : {}),
    ...(artifact.rights ? { license: artifact.rights } : {}),
    ...(credit ? { creditText: credit } : {}),
    ...(publicApiUrl ? { subjectOf: iiifManifestReference(`${publicApiUrl.replace(/\/+$/, '')}/${iiifManifestPath(artifact._id)}`) } : {}),
  };
}

/**
 * An artifact's public metadata, or undefined for one that is not public (a moderation decision is
 * never shown to a visitor; the api does not answer them, and this is a second guard).
 */
export function artifactShareMetadata(artifact: Artifact, origin: string, publicApiUrl?: string): ShareMetadata | undefined {
  if (artifact.moderation || !artifact._id || !artifact.name) return undefined;
  const jsonLd = artifactJsonLd(artifact, origin, publicApiUrl);
  // The share card shows the cover (a page's `og:image` is one picture).
  const image = absoluteHttpUrl(artifact.image, origin);
  return {
    title: `${artifact.name} | ${SITE_NAME}`,
    name: artifact.name,
    description: shortText(artifact.shortDescription),
    url: jsonLd.url as string,
    ...(image ? { image } : {}),
    ogType: 'article',
    jsonLd,
  };
}

/** A public collection as schema.org's Collection of the VisualArtworks shown in it, in order. */
export function collectionShareMetadata(collection: SharedCollection, origin: string, publicApiUrl?: string): ShareMetadata | undefined {
  if (collection.visibility !== 'public' || !collection.id || !collection.title) return undefined;
  const url = collectionPageUrl(origin, collection.id);
  const artifacts = collection.items.flatMap((item) => (item.artifact && !item.artifact.moderation ? [item.artifact] : []));
  const image = artifacts.map((artifact) => absoluteHttpUrl(artifact.image, origin)).find(Boolean);
  const description = collection.description.trim() || `A collection of ${artifacts.length} artifact${artifacts.length === 1 ? '' : 's'} on ${SITE_NAME}.`;
  const owner = collection.ownerName?.trim();
  return {
    title: `${collection.title} | ${SITE_NAME}`,
    name: collection.title,
    description: shortText(description),
    url,
    ...(image ? { image } : {}),
    ogType: 'website',
    jsonLd: {
      '@context': 'https://schema.org',
      '@type': 'Collection',
      '@id': url,
      url,
      name: collection.title,
      description,
      ...(image ? { image } : {}),
      ...(owner ? { creator: { '@type': 'Person', name: owner } } : {}),
      collectionSize: artifacts.length,
      hasPart: artifacts.map((artifact) => {
        const { '@context': _context, ...part } = artifactJsonLd(artifact, origin, publicApiUrl);
        return part;
      }),
    },
  };
}

/** The head elements that carry the metadata (the <title> and description are replaced, not added). */
export function shareTags(meta: ShareMetadata): string {
  const property = (name: string, content: string) => `<meta property="${name}" content="${escapeHtml(content)}">`;
  const named = (name: string, content: string) => `<meta name="${name}" content="${escapeHtml(content)}">`;
  return [
    `<link rel="canonical" href="${escapeHtml(meta.url)}">`,
    property('og:type', meta.ogType),
    property('og:site_name', SITE_NAME),
    property('og:title', meta.name),
    property('og:description', meta.description),
    property('og:url', meta.url),
    ...(meta.image ? [property('og:image', meta.image), property('og:image:alt', meta.name)] : []),
    named('twitter:card', meta.image ? 'summary_large_image' : 'summary'),
    named('twitter:title', meta.name),
    named('twitter:description', meta.description),
    ...(meta.image ? [named('twitter:image', meta.image), named('twitter:image:alt', meta.name)] : []),
    `<script type="application/ld+json">${jsonForScript(meta.jsonLd)}</script>`,
  ].join('');
}

/**
 * index.html with the page's metadata: its own <title> and description in place of the site's, the
 * other tags right after the title (early in the head: some preview readers read only the document's
 * first kilobytes, and the inline style sheets come later). Undefined when the document has no head.
 */
export function withShareTags(indexHtml: string, meta: ShareMetadata): string | undefined {
  const head = indexHtml.indexOf('</head>');
  if (head < 0) return undefined;
  const tags = `<title>${escapeHtml(meta.title)}</title>${shareTags(meta)}`;
  const description = `<meta name="description" content="${escapeHtml(meta.description)}">`;
  let before = indexHtml.slice(0, head);
  let described = false;
  before = before.replace(/<meta name="description" content="[^"]*"\s*\/?>/, () => {
    described = true;
    return description;
  });
  let titled = false;
  before = before.replace(/<title>[^<]*<\/title>/, () => {
    titled = true;
    return tags;
  });
  return `${before}${described ? '' : description}${titled ? '' : tags}${indexHtml.slice(head)}`;
}
