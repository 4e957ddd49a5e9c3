export { ada, artifact, artifactInput, artifactPage, keptPhoto, ownArtifact, PHOTO_PLACEHOLDER } from './artifacts';
export { fakeAuth, findToast, renderAt, tableCells } from './screen';
