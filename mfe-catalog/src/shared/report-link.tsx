import type { Artifact } from '@antiquarium/contracts';
import { Link } from 'react-router-dom';

/** The public report page for one artifact (report-page.tsx), which this link prefills. */
export function reportPath(artifactId: string): string {
  return `/report?artifact=${encodeURIComponent(artifactId)}`;
}

/**
 * "Report" on an artifact's card: plain markup (a link, no code of its own), so that visitors, who
 * cannot open the details page, can report from the first pages at no cost to them. Its name
 * says which artifact ("Report Clay tablet"): a page lists many.
 */
export function ReportLink({ artifact }: { artifact: Pick<Artifact, '_id' | 'name'> }) {
  return (
    <Link className="aq-card__report" to={reportPath(artifact._id)}>
      Report<span className="aq-visually-hidden"> {artifact.name}</span>
    </Link>
  );
}
