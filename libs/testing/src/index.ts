export { ada, artifact, artifactInput, artifactPage, ownArtifact } from './artifacts';
export { fakeAuth, findToast, renderAt } from './screen';
