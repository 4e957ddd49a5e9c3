import { ComingSoon } from './coming-soon';

/** Exposed as 'account/LikedArtifacts'. */
export default function LikedArtifactsPage() {
  return <ComingSoon title="Liked Artifacts" />;
}
