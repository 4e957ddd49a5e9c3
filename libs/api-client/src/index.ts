// The package's public door (its package.json points here).
export {
  ApiRequestError,
  UNREACHABLE_MESSAGE,
  configureApiClient,
  errorMessage,
  isAbortError,
  isApiAddress,
  // A remote's own calls (the moderators' screens) go through the same client and token.
  send,
  type ApiClientConfig,
} from './client';
export {
  createArtifact,
  deleteArtifact,
  documentArtifactFacets,
  documentArtifactPage,
  getArtifact,
  getArtifactFacets,
  listArtifacts,
  updateArtifact,
  type ArtifactPage,
  type CallOptions,
  type ListArtifactsParams,
} from './artifacts';
export { likedArtifacts, toggleLike } from './likes';
// A remote's own lists (the moderators' queues) read their page headers with the same reader.
export { readPage, type Page, type PageFallback } from './read-page';
export { relatedArtifacts } from './related';
export {
  createCollection,
  deleteCollection,
  documentCollection,
  getCollection,
  memberCollections,
  myCollections,
  setCollectionItems,
  updateCollection,
  type CollectionPage,
} from './collections';
export { deleteMyAccount, exportMyData, mailPreferences, setMailPreferences } from './members';
export { sendContactMessage } from './contact';
export { followReport, sendReport } from './reports';
export { getAppeal, myNotices, myReports, myStanding, sendAppeal, sendAppealMessage, transparencyReport } from './notices';
export { documentTopContributors, topContributors } from './contributors';
export { releaseStatus } from './releases';
export { uploadStatus, uploadTarget, type UploadTarget } from './uploads';
export { iiifCollectionUrl, iiifDragLink, iiifManifestUrl } from './iiif';
export { useApiData, type ApiData } from './use-api-data';
