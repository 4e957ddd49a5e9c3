import { MISUSE_THRESHOLDS, MISUSE_WINDOW_DAYS, SUSPENSION_DAYS, type DecisionAction, type MisuseKind } from '@antiquarium/contracts';

/** A date as members read it, the same in every time zone (the api's dates are UTC). */
export function dayOf(iso: string): string {
  return new Date(iso).toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
}

const MISUSE_WHAT: Record<MisuseKind, (count: number) => string> = {
  removedArtifacts: (count) => `${count} of your artifacts ${count === 1 ? 'was' : 'were'} removed in the last ${MISUSE_WINDOW_DAYS} days.`,
  // Misuse counts decisions, not notices (issue 45): five notices settled by one decision count once.
  unfoundedNotices: (count) => `${count} ${count === 1 ? 'decision' : 'decisions'} in the last ${MISUSE_WINDOW_DAYS} days found notices you sent manifestly unfounded.`,
};

export const NOTICES_TEXTS = {
  title: 'My Notices',
  intro: 'Decisions our moderators took about your artifacts, with their reasons and how to appeal, and what became of the notices you sent.',
  loadFailed: 'Your notices could not be loaded.',
  retry: 'Try again',
  standingTitle: 'Your standing',
  goodStanding: 'Your account is in good standing.',
  warned: (kind: MisuseKind, count: number) =>
    `Warning: ${MISUSE_WHAT[kind](count)} At ${MISUSE_THRESHOLDS[kind].suspendAt} your account is suspended for ${SUSPENSION_DAYS} days.`,
  suspended: (kind: MisuseKind, count: number, until: string) =>
    `Your account is suspended until ${dayOf(until)}: ${MISUSE_WHAT[kind](count)} Until then you cannot add, change or like artifacts, nor send notices as a member.`,
  suspendedRights: 'You can still read the site, appeal, and export or delete your data from My Data.',
  myData: 'My Data',
  receivedTitle: 'Decisions about your artifacts',
  noneReceived: 'No decision has been taken about your artifacts.',
  sentTitle: 'Notices you sent',
  noneSent: 'You have not reported anything while signed in.',
  labels: {
    what: 'What was decided',
    duration: 'For how long',
    facts: 'The facts',
    ground: 'The ground',
    who: 'Who decided',
    decidedAt: 'Decided on',
    appeal: 'Appeal',
  },
  actions: { keep: 'Kept', restrict: 'Restricted', remove: 'Removed' } satisfies Record<DecisionAction, string>,
  noticeHeading: (action: DecisionAction, name: string) => `${NOTICES_TEXTS.actions[action]}: ${name}`,
  reversed: (at: string) => `Reversed on ${dayOf(at)}: the decision was withdrawn.`,
  openArtifact: 'Open the artifact',
  appealUntil: (deadline: string) =>
    `You can appeal until ${dayOf(deadline)}. A moderator other than the one who decided reviews your appeal; until then the decision stays in force.`,
  appealClosed: (deadline: string) => `The time to appeal ended on ${dayOf(deadline)}.`,
  appealLabel: 'Why should this decision change?',
  appealHint: 'Tell the moderators what they may have missed: the object’s history, your rights to the image, a source.',
  appealButton: 'Send appeal',
  appealSending: 'Sending…',
  appealSent: 'Your appeal was sent. A moderator will answer here.',
  appealFailed: 'Your appeal could not be sent.',
  appealRequired: 'Write why the decision should change.',
  threadTitle: 'Your appeal',
  threadLoadFailed: 'Your appeal could not be loaded.',
  status: {
    open: 'Under review: a moderator other than the one who decided will answer.',
    upheld: 'Upheld: the decision stays.',
    reversed: 'Reversed: the decision was withdrawn.',
  },
  sentOn: (at: string) => `Sent on ${dayOf(at)}`,
  fromYou: 'You',
  fromModerator: 'Moderator',
  outcomeReasons: 'The reasons',
  messageLabel: 'Reply to the moderators',
  messageButton: 'Send reply',
  messageSent: 'Your reply was sent.',
  messageFailed: 'Your reply could not be sent.',
  messageRequired: 'Write your reply first.',
  report: {
    artifact: 'Artifact',
    reason: 'Reason',
    received: 'Sent on',
    outcome: 'Outcome',
    open: 'Waiting for a moderator',
    decided: (action: DecisionAction, reversed: boolean, reversedAt?: string | null) =>
      `${NOTICES_TEXTS.actions[action]}${reversed ? `, then reversed on appeal${reversedAt ? ` on ${dayOf(reversedAt)}` : ''}` : ''}`,
  },
} as const;
