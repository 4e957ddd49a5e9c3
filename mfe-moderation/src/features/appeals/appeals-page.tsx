import { APPEAL_OUTCOMES, REPORT_LIMITS, type AppealCase, type AppealOutcome } from '@antiquarium/contracts';
import { FieldError, LeaveGuard, describedBy } from '@antiquarium/ui';
import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { FormFoot, TextAreaField, useSubmission } from '../../shared/desk-form';
import { StatusListScreen, statusOptions } from '../../shared/status-list';
import { ACTION_LABELS, formatWhen, personName, rulingInput, type FieldErrors } from '../../shared/logic';
import { appealsPage, decideAppeal, replyToAppeal, type AppealsStatus } from '../../shared/moderation-api';

export const APPEALS_TEXTS = {
  title: 'Appeals',
  lead: 'Complaints against decisions. A moderator other than the one who decided rules on each.',
  open: 'Open appeals',
  decided: 'Decided appeals',
  loading: 'Loading appeals…',
  failed: 'The appeals could not be loaded.',
  emptyOpen: 'No open appeals.',
  emptyDecided: 'No decided appeals yet.',
  thread: 'Messages',
  noMessages: 'No messages yet.',
  reply: 'Reply to the appellant',
  sendReply: 'Send reply',
  replied: 'Your reply was sent.',
  replyFailed: 'Your reply could not be sent.',
  ruling: 'Ruling',
  reasons: 'Reasons for the ruling',
  reasonsHint: 'The appellant reads these.',
  submitRuling: 'Record ruling',
  ruled: 'Ruling recorded.',
  rulingFailed: 'The ruling could not be recorded.',
  sending: 'Sending…',
  appealed: 'The decision appealed',
  appealText: 'The appeal',
  notYours: 'Another moderator must rule on this appeal.',
  openArtifact: 'Open the artifact’s page',
  gone: 'The artifact was deleted.',
} as const;

const OUTCOME_LABELS: Record<AppealOutcome, { label: string; hint: string }> = {
  upheld: { label: 'Uphold the decision', hint: 'The decision stands.' },
  reversed: { label: 'Reverse the decision', hint: 'The artifact is restored everywhere.' },
};

const APPELLANT_LABELS: Record<AppealCase['appellant'], string> = { contributor: 'the contributor', notifier: 'a notifier', moderator: 'another moderator' };
const appellantOf = (appeal: AppealCase) => APPELLANT_LABELS[appeal.appellant];
/**
 * The ruling form's name. A named form is a landmark, and landmarks' names are one of a kind on a
 * page (axe's landmark-unique): who appealed, about what, and when, tell two appeals apart.
 */
export const rulingName = (appeal: AppealCase) => `Ruling on the appeal by ${appellantOf(appeal)} about ${appeal.artifact.name}, filed ${formatWhen(appeal.createdAt)}`;
/** An appeal's heading (and the name of its article): who appealed, about what. */
export const appealTitle = (appeal: AppealCase) => `Appeal by ${appellantOf(appeal)}: ${appeal.artifact.name}`;

function ReplyForm({ appeal, onSent }: { appeal: AppealCase; onSent: () => void }) {
  const [text, setText] = useState('');
  const [error, setError] = useState<string | undefined>();
  const submission = useSubmission();
  const id = useId();
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!text.trim()) {
      setError('Write a reply first.');
      return;
    }
    if (await submission.run(() => replyToAppeal(appeal.id, text.trim()), APPEALS_TEXTS.replied, APPEALS_TEXTS.replyFailed)) {
      setText('');
      onSent();
    }
  };
  const shown = error ?? submission.fields['text'];
  return (
    <form className="mod-form" noValidate onSubmit={onSubmit}>
      <LeaveGuard when={text.trim() !== ''} />
      <TextAreaField
        id={`${id}-text`}
        label={APPEALS_TEXTS.reply}
        maxLength={REPORT_LIMITS.message}
        value={text}
        onChange={(value) => {
          setText(value);
          setError(undefined);
        }}
        error={shown}
      />
      <FormFoot message={submission.message} busy={submission.busy} label={APPEALS_TEXTS.sendReply} busyLabel={APPEALS_TEXTS.sending} />
    </form>
  );
}

function RulingForm({ appeal, onRuled }: { appeal: AppealCase; onRuled: () => void }) {
  const [outcome, setOutcome] = useState<AppealOutcome | ''>('');
  const [reasons, setReasons] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [ruled, setRuled] = useState(false);
  const submission = useSubmission();
  const id = useId();
  const shown = { ...submission.fields, ...errors };
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const result = rulingInput(outcome, reasons);
    if ('errors' in result) {
      setErrors(result.errors);
      return;
    }
    if (await submission.run(() => decideAppeal(appeal.id, result.input), APPEALS_TEXTS.ruled, APPEALS_TEXTS.rulingFailed)) {
      setRuled(true);
      onRuled();
    }
  };
  return (
    <form className="mod-form" noValidate onSubmit={onSubmit} aria-label={rulingName(appeal)}>
      <LeaveGuard when={!ruled && (outcome !== '' || reasons.trim() !== '')} />
      <fieldset aria-describedby={describedBy(shown['outcome'] && `${id}-outcome`)}>
        <legend>{APPEALS_TEXTS.ruling}</legend>
        {APPEAL_OUTCOMES.map((value) => (
          <label key={value} className="mod-choice">
            <input
              type="radio"
              name={`${id}-outcome`}
              value={value}
              checked={outcome === value}
              onChange={() => {
                setOutcome(value);
                setErrors(({ outcome: _dropped, ...rest }) => rest);
              }}
            />
            <span>
              <strong>{OUTCOME_LABELS[value].label}</strong> <span className="mod-hint">{OUTCOME_LABELS[value].hint}</span>
            </span>
          </label>
        ))}
        <FieldError id={`${id}-outcome`} error={shown['outcome']} />
      </fieldset>
      <TextAreaField
        id={`${id}-reasons`}
        label={APPEALS_TEXTS.reasons}
        hint={APPEALS_TEXTS.reasonsHint}
        maxLength={REPORT_LIMITS.reasons}
        value={reasons}
        onChange={(value) => {
          setReasons(value);
          setErrors(({ reasons: _dropped, ...rest }) => rest);
        }}
        error={shown['reasons']}
      />
      <FormFoot message={submission.message} busy={submission.busy} label={APPEALS_TEXTS.submitRuling} busyLabel={APPEALS_TEXTS.sending} primary />
    </form>
  );
}

/** What the appeal is about: the artifact as it is now, and the decision appealed with who took it. */
function TheCase({ appeal }: { appeal: AppealCase }) {
  const { artifact, appealed } = appeal;
  return (
    <>
      <div className="mod-artifact">
        {artifact.image ? <img src={artifact.image} alt={`Image of ${artifact.name}`} loading="lazy" width={160} height={120} /> : <span />}
        <div>
          {artifact.moderation ? <p className="mod-hint">Current state: {artifact.moderation}</p> : null}
          {artifact.deleted ? (
            <p className="mod-hint">{APPEALS_TEXTS.gone}</p>
          ) : (
            <p>
              <Link className="mod-open" to={`/artifacts/${artifact.id}`} aria-label={`${APPEALS_TEXTS.openArtifact}: ${artifact.name}`}>
                {APPEALS_TEXTS.openArtifact}
              </Link>
            </p>
          )}
        </div>
      </div>
      <h3>{APPEALS_TEXTS.appealed}</h3>
      <dl className="mod-facts">
        <dt>Action</dt>
        <dd>{ACTION_LABELS[appealed.action].label}</dd>
        <dt>Ground</dt>
        <dd>{appealed.groundText}</dd>
        <dt>Facts</dt>
        <dd>{appealed.facts}</dd>
        <dt>Decided by</dt>
        <dd>{personName(appealed.moderatorUid, appealed.moderatorName)}</dd>
        <dt>Decided on</dt>
        <dd>{formatWhen(appealed.decidedAt)}</dd>
        {appealed.reversedAt ? (
          <>
            <dt>Reversed on</dt>
            <dd>{formatWhen(appealed.reversedAt)}</dd>
          </>
        ) : null}
      </dl>
    </>
  );
}

function AppealItem({ appeal, onChanged }: { appeal: AppealCase; onChanged: () => void }) {
  const headingId = `appeal-${appeal.id}`;
  return (
    <li className="mod-item">
      <article aria-labelledby={headingId}>
        <h2 id={headingId}>{appealTitle(appeal)}</h2>
        <dl className="mod-facts">
          <dt>Filed</dt>
          <dd>{formatWhen(appeal.createdAt)}</dd>
          <dt>Status</dt>
          <dd>{appeal.status}</dd>
        </dl>
        <TheCase appeal={appeal} />
        <h3>{APPEALS_TEXTS.appealText}</h3>
        <blockquote className="mod-message">{appeal.text}</blockquote>
        <h3>{APPEALS_TEXTS.thread}</h3>
        {appeal.messages.length === 0 ? (
          <p>{APPEALS_TEXTS.noMessages}</p>
        ) : (
          <ol className="mod-thread">
            {appeal.messages.map((message, index) => (
              <li key={`${message.at}-${index}`}>
                <strong>{message.from === 'appellant' ? 'Appellant' : 'Moderator'}</strong>, {formatWhen(message.at)}: {message.text}
              </li>
            ))}
          </ol>
        )}
        {appeal.decision ? (
          <p>
            <strong>{appeal.decision.outcome === 'reversed' ? 'Reversed' : 'Upheld'}</strong> on {formatWhen(appeal.decision.decidedAt)}: {appeal.decision.reasons}
          </p>
        ) : (
          <>
            <ReplyForm appeal={appeal} onSent={onChanged} />
            {appeal.mayNotRule ? (
              // Said before any form is filled: the api would refuse this moderator's ruling (the parties rule).
              <div className="mod-not-yours">
                <p>
                  <strong>{APPEALS_TEXTS.notYours}</strong> {appeal.mayNotRule}.
                </p>
              </div>
            ) : (
              <RulingForm appeal={appeal} onRuled={onChanged} />
            )}
          </>
        )}
      </article>
    </li>
  );
}

const STATUSES = statusOptions<AppealsStatus>(APPEALS_TEXTS, ['open', 'decided']);

/** Exposed as 'moderation/Appeals' (/moderation/appeals?status=open|decided). */
export default function AppealsPage() {
  return (
    <StatusListScreen name="moderation-appeals" texts={APPEALS_TEXTS} tabsLabel="Which appeals" statuses={STATUSES} load={appealsPage}>
      {(appeal, retry) => <AppealItem key={appeal.id} appeal={appeal} onChanged={retry} />}
    </StatusListScreen>
  );
}
