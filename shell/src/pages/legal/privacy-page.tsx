import { Link } from 'react-router-dom';
import { LegalPage, type LegalSection } from './legal-page';

export const PRIVACY_SECTIONS: LegalSection[] = [
  {
    title: 'Information We Collect',
    body: (
      <p>
        When you create an account we keep your name, email address and the photo URL you give us. When you add
        or like artifacts we keep those entries and likes together with your account.
      </p>
    ),
  },
  {
    title: 'How We Use Your Information',
    body: (
      <p>
        We use it to run the site: to sign you in, to show your name on the artifacts you share, to list your own
        and your liked artifacts, and to answer your messages.
      </p>
    ),
  },
  {
    title: 'Sign-in Provider',
    body: (
      <p>
        Sign-in, password reset and Google sign-in are handled by our identity provider, Firebase Authentication.
        Your password is never stored by Antiquarium.
      </p>
    ),
  },
  {
    title: 'Cookies and Local Storage',
    body: (
      <p>
        We store your sign-in session in your browser so you stay signed in. If you do not tick &quot;Remember
        me&quot;, the session lasts until the tab is closed. We use no advertising or tracking cookies.
      </p>
    ),
  },
  {
    title: 'What Others Can See',
    body: (
      <p>
        Artifacts you add are public and show your name. Your email address is never shown to other visitors.
        Your likes are counted but not shown with your name.
      </p>
    ),
  },
  {
    title: 'Data Retention',
    body: (
      <p>
        We keep your account and contributions while your account exists. When you delete an artifact, it and its
        likes are removed from the collection.
      </p>
    ),
  },
  {
    title: 'Your Rights',
    body: (
      <p>
        You may ask to see, correct or delete the personal information we hold about you at any time. We will
        answer within 30 days.
      </p>
    ),
  },
  {
    title: 'Contact Us',
    body: (
      <p>
        Questions about this policy can be sent to{' '}
        <a href="mailto:privacy@antiquarium.org">privacy@antiquarium.org</a> or through our{' '}
        <Link to="/contact">contact page</Link>.
      </p>
    ),
  },
];

export function PrivacyPage() {
  return <LegalPage title="Privacy Policy" updated="1 November 2025" sections={PRIVACY_SECTIONS} />;
}
