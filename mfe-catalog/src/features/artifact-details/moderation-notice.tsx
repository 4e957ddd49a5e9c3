import { myNotices, useApiData } from '@antiquarium/api-client';
import type { Artifact, ModerationState } from '@antiquarium/contracts';
import { Link } from 'react-router-dom';
import './moderation-notice.css';

export const MODERATION_NOTICE_TEXTS = {
  contributor: {
    restricted: 'A moderator restricted this artifact: only you and the moderators can see it.',
    removed: 'A moderator removed this artifact from public view: only you and the moderators can see it.',
  } satisfies Record<ModerationState, string>,
  link: 'Read the reasons and appeal',
  moderator: {
    restricted: 'Restricted by a moderation decision: hidden from the public.',
    removed: 'Removed by a moderation decision: hidden from the public.',
  } satisfies Record<ModerationState, string>,
} as const;

/** The link to the statement of reasons in force on this artifact (My Notices), once it is found. */
function StatementLink({ artifactId }: { artifactId: string }) {
  const result = useApiData(`notices-of:${artifactId}`, (signal) => myNotices({ signal }));
  const statement = result.status === 'ready' ? result.data.find((item) => item.artifactId === artifactId && !item.reversedAt && item.action !== 'keep') : undefined;
  return (
    <Link className="cat-mod-notice__link" to={statement ? `/my-notices#notice-${encodeURIComponent(statement.decisionId)}` : '/my-notices'}>
      {MODERATION_NOTICE_TEXTS.link}
    </Link>
  );
}

/**
 * Shown on a hidden artifact's details, which only its contributor and moderators receive
 * (docs/decisions/0012-moderation.md): the contributor (the api sends them their own email) is told
 * why and where to appeal; a moderator sees the state.
 */
export function ModerationNotice({ artifact }: { artifact: Artifact }) {
  if (!artifact.moderation) return null;
  const own = artifact.adderEmail !== undefined;
  return (
    <div className="cat-mod-notice" role="note">
      <p>{own ? MODERATION_NOTICE_TEXTS.contributor[artifact.moderation] : MODERATION_NOTICE_TEXTS.moderator[artifact.moderation]}</p>
      {own && <StatementLink artifactId={artifact._id} />}
    </div>
  );
}
