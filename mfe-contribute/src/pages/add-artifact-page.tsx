import { ComingSoon } from './coming-soon';

/** Exposed as 'contribute/AddArtifact'. */
export default function AddArtifactPage() {
  return <ComingSoon title="Add Historical Artifact" />;
}
