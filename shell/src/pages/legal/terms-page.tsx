import { Link } from 'react-router-dom';
import { APPEAL_WINDOW_MONTHS, METADATA_LICENCE, MISUSE_THRESHOLDS, MISUSE_WINDOW_DAYS, SUSPENSION_DAYS, TERMS_RULES } from '@antiquarium/contracts';
import { LegalPage, type LegalSection } from './legal-page';

export const TERMS_SECTIONS: LegalSection[] = [
  {
    title: 'Acceptance of Terms',
    body: (
      <p>
        By using Antiquarium you agree to these terms. If you do not agree, please do not use the site. They apply
        to visitors and to signed-in members alike.
      </p>
    ),
  },
  {
    title: 'Accounts',
    body: (
      <p>
        You may sign in with an email address and password or with a Google account. Keep your sign-in details
        safe: you are responsible for what is done with your account. Tell us at once if you think it has been
        misused.
      </p>
    ),
  },
  {
    title: 'Your Contributions',
    body: (
      <>
        <p>
          When you add an artifact you confirm that the information is accurate to the best of your knowledge and
          that you have the right to share its image and description. You keep ownership of what you contribute and
          allow Antiquarium to show it to every visitor of the site.
        </p>
        {/* The open data's licence (docs/api.md "Open data"); the add form says it under its button. */}
        <p id="open-data">
          Open data: the text of every public artifact record (its name, descriptions, dates, places, rights statement
          and credit line) is offered under the{' '}
          <a href={METADATA_LICENCE.uri} rel="license">
            Creative Commons {METADATA_LICENCE.label} Public Domain Dedication
          </a>
          : anyone may copy and reuse it for any purpose without asking, and the whole set can be downloaded without a
          key from the api&apos;s <code>/open-data/artifacts</code> (JSON Lines, or CSV). By adding an artifact you agree
          to offer its text on these terms. Its picture is not included: each record shows the rights statement its
          contributor chose for the picture (Copyright Not Evaluated when none was chosen) and its credit line.
        </p>
      </>
    ),
  },
  {
    title: 'Acceptable Use',
    body: (
      <>
        <ul>
          <li>Do not post content that is unlawful, offensive, misleading or that infringes the rights of others.</li>
          <li>Do not try to disrupt the site, break its security or collect other members&apos; data.</li>
          <li>Do not offer looted or illegally traded cultural property through the site.</li>
        </ul>
        {/* The numbered rules a moderator's decision names as its ground (libs/contracts moderation.ts). */}
        <p>The site&apos;s rules, which moderators&apos; decisions refer to by number:</p>
        <ol>
          {TERMS_RULES.map((rule) => (
            <li key={rule.id} id={rule.id}>
              {rule.text}
            </li>
          ))}
        </ol>
        <p>
          Anyone can report an artifact. A moderator, never an automated system, decides, and tells the contributor
          why; the contributor (or the person who reported, when nothing was done) can appeal within{' '}
          {APPEAL_WINDOW_MONTHS} months, and another moderator reviews the appeal. Within {MISUSE_WINDOW_DAYS} days,{' '}
          {MISUSE_THRESHOLDS.unfoundedNotices.warnAt} reports found manifestly unfounded, or{' '}
          {MISUSE_THRESHOLDS.removedArtifacts.warnAt} artifacts removed, bring a warning;{' '}
          {MISUSE_THRESHOLDS.unfoundedNotices.suspendAt} unfounded reports, or {MISUSE_THRESHOLDS.removedArtifacts.suspendAt}{' '}
          removed artifacts, a suspension of {SUSPENSION_DAYS} days, during which you can still read, export and delete
          your data.
        </p>
      </>
    ),
  },
  {
    title: 'Intellectual Property',
    body: (
      <p>
        The Antiquarium name, design and software belong to Antiquarium. Artifact entries belong to the members
        who shared them. You may share links to any page of the site.
      </p>
    ),
  },
  {
    title: 'Disclaimer and Limitation of Liability',
    body: (
      <p>
        The collection is built by the community and is provided as it is. We do our best to keep it accurate but
        cannot guarantee that every entry is complete or correct, and we are not liable for decisions made on the
        basis of it.
      </p>
    ),
  },
  {
    title: 'Changes to These Terms',
    body: (
      <p>
        We may update these terms from time to time; the date above shows the latest version. Questions are
        welcome on our <Link to="/contact">contact page</Link>.
      </p>
    ),
  },
];

export function TermsPage() {
  return <LegalPage title="Terms and Conditions" updated="1 November 2025" sections={TERMS_SECTIONS} />;
}
