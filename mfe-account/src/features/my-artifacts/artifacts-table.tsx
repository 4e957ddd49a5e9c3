import { createdDateLabel, type Artifact } from '@antiquarium/contracts';
import { ArtifactImage, coverPhoto } from '@antiquarium/ui';
import { Link } from 'react-router-dom';

interface ArtifactsTableProps {
  artifacts: Artifact[];
  /** The id being deleted: its button is disabled meanwhile. */
  deleting: string | null;
  onDelete: (artifact: Artifact, trigger: HTMLButtonElement) => void;
}

function orUnknown(value: string | undefined): string {
  return value?.trim() ? value : 'Unknown';
}

/**
 * The table: Image, Name, Type, Created At, Location, Actions. On a phone each row is shown
 * as a card (account.css); between that and the full width the table scrolls inside its own
 * focusable region rather than squeezing the columns.
 */
export function ArtifactsTable({ artifacts, deleting, onDelete }: ArtifactsTableProps) {
  return (
    <div className="acc-table-wrap" role="region" aria-labelledby="my-artifacts-caption" tabIndex={0}>
      <table className="acc-table">
        <caption id="my-artifacts-caption" className="aq-visually-hidden">
          Your artifacts
        </caption>
        <thead>
          <tr>
            <th scope="col">Image</th>
            <th scope="col">Name</th>
            <th scope="col">Type</th>
            <th scope="col">Created At</th>
            <th scope="col">Location</th>
            <th scope="col">Actions</th>
          </tr>
        </thead>
        <tbody>
          {artifacts.map((artifact) => (
            <tr key={artifact._id}>
              <td className="acc-table__image">
                <ArtifactImage
                  src={artifact.image}
                  photo={coverPhoto(artifact)}
                  alt={artifact.name}
                  width={96}
                  height={72}
                  sizes="96px"
                />
              </td>
              <th scope="row" className="acc-table__name">
                <Link className="acc-table__link" to={`/artifacts/${artifact._id}`}>
                  {artifact.name}
                </Link>
                {artifact.moderation && (
                  // Hidden by a moderation decision: only its contributor sees it here (issue 27).
                  <Link className="acc-flag" to="/my-notices">
                    {artifact.moderation === 'restricted' ? 'Restricted' : 'Removed'}: see why
                    <span className="aq-visually-hidden"> ({artifact.name})</span>
                  </Link>
                )}
              </th>
              <td data-label="Type">{artifact.type}</td>
              <td data-label="Created At">{createdDateLabel(artifact.createdAt)}</td>
              <td data-label="Location">{orUnknown(artifact.location)}</td>
              <td className="acc-table__actions-cell">
                <div className="acc-table__actions">
                  <Link className="aq-button acc-button--small" to={`/update-artifact/${artifact._id}`}>
                    Update<span className="aq-visually-hidden"> {artifact.name}</span>
                  </Link>
                  <button
                    type="button"
                    className="aq-button acc-button--small acc-button--danger"
                    disabled={deleting === artifact._id}
                    onClick={(event) => onDelete(artifact, event.currentTarget)}
                  >
                    {deleting === artifact._id ? 'Deleting…' : 'Delete'}
                    <span className="aq-visually-hidden"> {artifact.name}</span>
                  </button>
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
