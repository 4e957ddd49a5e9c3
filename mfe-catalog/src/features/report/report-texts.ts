import { REASONS_NEEDING_DETAILS, REPORT_REASON_LABELS, type DecisionAction } from '@antiquarium/contracts';

/** The words of the report form, its dialog and its pages (issue 27: notices anyone can send). */
export const REPORT_TEXTS = {
  open: 'Report',
  dialogTitle: 'Report this artifact',
  pageTitle: 'Report an artifact',
  pageIntro: 'Tell the moderators what is wrong with an artifact. You do not need an account.',
  reporting: 'You are reporting:',
  noArtifact: 'No artifact was named. Open "Report" from an artifact to report it.',
  artifactNotFound: 'This artifact was not found. It may have been removed already.',
  artifactFailed: 'This artifact could not be loaded. You can still report it by its id:',
  retry: 'Try again',
  reasonLegend: 'Why are you reporting it?',
  detailsNeeded: `An explanation is required for: ${REASONS_NEEDING_DETAILS.map((reason) => REPORT_REASON_LABELS[reason]).join('; ')}.`,
  detailsLabel: 'Explanation',
  detailsRequired: '(required for this reason)',
  detailsOptional: '(optional)',
  detailsHint: 'Say what is wrong: what was taken, whose work it is, whose privacy it breaks.',
  emailLabel: 'Your email (optional)',
  emailHint: 'We send your receipt and the decision to this address, and a moderator may write to you about your report. It is kept with your report only.',
  goodFaith: 'I send this report in good faith: I believe what I say in it is accurate and complete.',
  submit: 'Send report',
  sending: 'Sending…',
  cancel: 'Cancel',
  close: 'Close',
  chooseReason: 'Choose a reason',
  explain: 'Explain what is wrong: it is required for this reason',
  confirmGoodFaith: 'Confirm that you send this report in good faith',
  notSent: 'Your report was not sent.',
  kept: 'What you typed is kept: correct it or try again.',
  unreachable: 'Could not reach Antiquarium. Check your connection and try again.',
  tooMany: 'Too many reports were sent from here. Wait a few minutes and try again.',
  received: 'Report received',
  receivedText: 'Thank you. A moderator will look at it. Keep the link below: it is how you follow your report without an account.',
  reference: 'Reference',
  receipt: 'Receipt',
  follow: 'Follow your report',
  statusTitle: 'Your report',
  statusLoading: 'Loading your report…',
  statusNotFound: 'No report matches this link. Check that you copied the whole link, receipt included.',
  statusFailed: 'Your report could not be loaded. Check your connection and try again.',
  reason: 'Reason',
  receivedAt: 'Received',
  status: 'Status',
  statusOpen: 'Open: waiting for a moderator',
  decided: 'Decided',
  outcome: 'Outcome',
  ground: 'Ground',
  decidedAt: 'Decided on',
  reversed: 'This decision was later reversed on appeal.',
  reversedOn: (when: string) => `This decision was reversed on appeal on ${when}.`,
  artifact: 'Artifact',
} as const;

export const OUTCOME_TEXTS: Record<DecisionAction, string> = {
  keep: 'Kept: the moderators found nothing to remove.',
  restrict: 'Restricted: the artifact is hidden from the public.',
  remove: 'Removed from public view.',
};

/** A date as the page shows it (day month year, hour). */
export function reportDate(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return date.toLocaleString('en-GB', { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' }) + ' UTC';
}
