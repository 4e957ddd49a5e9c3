import { Link } from 'react-router-dom';
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
      <p>
        When you add an artifact you confirm that the information is accurate to the best of your knowledge and
        that you have the right to share its image and description. You keep ownership of what you contribute and
        allow Antiquarium to show it to every visitor of the site.
      </p>
    ),
  },
  {
    title: 'Acceptable Use',
    body: (
      <ul>
        <li>Do not post content that is unlawful, offensive, misleading or that infringes the rights of others.</li>
        <li>Do not try to disrupt the site, break its security or collect other members&apos; data.</li>
        <li>Do not offer looted or illegally traded cultural property through the site.</li>
      </ul>
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
