import { ComingSoon } from './coming-soon';

/** Exposed as 'account/MyArtifacts'. */
export default function MyArtifactsPage() {
  return <ComingSoon title="My Artifacts" />;
}
