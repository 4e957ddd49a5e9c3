import { ComingSoon } from './coming-soon';

/** Exposed as 'contribute/UpdateArtifact'. */
export default function UpdateArtifactPage() {
  return <ComingSoon title="Update Artifact" />;
}
