import type { LeaveTexts } from '@antiquarium/ui';

/** This screen's texts, exactly as users see them (the tests assert each one). */
export const ADD_TEXTS = {
  title: 'Add Historical Artifact',
  intro: 'Fill out the form below to contribute a historical artifact. Make sure all information is accurate and descriptive.',
  submit: 'Add Artifact',
  errorTitle: 'Error!',
  errorText: 'Something went wrong!',
  /** Under the button: the licence of the record's text (the terms page, and the open data). */
  termsBefore: 'By adding, you agree that the text you write is offered as open data under',
  termsLink: 'CC0 1.0',
  termsPage: 'Terms',
  termsAfter: 'The picture keeps the rights you choose above.',
  /** The panel shown after a create, where the member is taken (not the spec's dialog). */
  addedTitle: 'Artifact added',
  addedText: (name: string) => `“${name}” is now in the collection.`,
  viewIt: 'View it',
  addAnother: 'Add another',
  myArtifacts: 'See My Artifacts',
  /** The draft kept on this device (add-draft.ts), brought back on the next visit. */
  draftTitle: 'Your draft is back',
  draftText: 'What you typed last time was kept on this device, and is kept as you go on until you add the artifact. Photos are not kept: add them again.',
  discardDraft: 'Discard draft',
  draftDiscarded: 'Draft discarded: the form is empty again.',
} as const;

/** Leaving with photos picked: the texts stay as a draft, the photos do not. */
export const ADD_LEAVE_TEXTS: LeaveTexts = {
  title: 'Leave without your photos?',
  text: 'What you typed is kept as a draft on this device, but the photos are not: if you leave now, you will need to add them again.',
  leave: 'Leave without the photos',
  stay: 'Stay on this page',
};
