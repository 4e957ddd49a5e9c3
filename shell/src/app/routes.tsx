import { JustRegisteredNotice, NotFound, Spinner } from '@antiquarium/ui';
import type { ComponentType, ReactNode } from 'react';
import { Outlet, type RouteObject } from 'react-router-dom';
import { RequireAuth } from '../auth/require-auth';
import { RootLayout } from '../layout/root-layout';
import { RemotePage } from '../remotes/page/remote-page';

function remote(id: string, title: string, options: { protect?: boolean } = {}): Pick<RouteObject, 'element' | 'handle'> {
  let element: ReactNode = <RemotePage id={id} />;
  if (options.protect) element = <RequireAuth>{element}</RequireAuth>;
  return { element, handle: { title } };
}

// Shown in the main area while a static page's code loads on the first visit straight to it.
const pageLoading = <Spinner label="Loading page…" />;

/** A page of the shell's own (about, legal texts), its code loaded on the first visit to it. */
function shellPage(path: string, title: string, load: () => Promise<ComponentType>): RouteObject {
  return { path, handle: { title }, hydrateFallbackElement: pageLoading, lazy: async () => ({ Component: await load() }) };
}

/** Every route of the site. Remote pages load at run time; static pages lazily. */
export const routes: RouteObject[] = [
  {
    path: '/',
    element: <RootLayout />,
    // Only reached when the layout itself fails; errors below keep the layout (next errorElement).
    errorElement: <NotFound />,
    children: [
      {
        // A route whose loading fails shows the 404 screen, inside the layout. Above every page: the
        // verification link a new member was just sent (nothing otherwise, and nothing on the server).
        errorElement: <NotFound />,
        element: (
          <>
            <JustRegisteredNotice />
            <Outlet />
          </>
        ),
        children: [
          { index: true, ...remote('catalog/Home', 'Home') },
          { path: 'all-artifacts', ...remote('catalog/AllArtifacts', 'All Artifacts') },
          { path: 'artifacts/:id', ...remote('catalog/ArtifactDetails', 'Artifact details', { protect: true }) },
          // Public collections are open to visitors; a private one is 404 for anyone but its owner (the api).
          { path: 'collections/:id', ...remote('catalog/Collection', 'Collection') },
          { path: 'members/:uid/collections', ...remote('catalog/MemberCollections', 'Collections') },
          // Notices anyone can send and follow (issue 27): open to visitors.
          { path: 'report', ...remote('catalog/Report', 'Report an artifact') },
          { path: 'reports/:id', ...remote('catalog/ReportStatus', 'Your report') },
          { path: 'add-artifact', ...remote('contribute/AddArtifact', 'Add Artifact', { protect: true }) },
          {
            path: 'update-artifact/:id',
            ...remote('contribute/UpdateArtifact', 'Update Artifact', { protect: true }),
          },
          { path: 'liked-artifacts', ...remote('account/LikedArtifacts', 'Liked Artifacts', { protect: true }) },
          { path: 'my-artifacts', ...remote('account/MyArtifacts', 'My Artifacts', { protect: true }) },
          { path: 'my-collections', ...remote('account/MyCollections', 'My Collections', { protect: true }) },
          { path: 'my-data', ...remote('account/AccountData', 'My Data', { protect: true }) },
          { path: 'my-notices', ...remote('account/MyNotices', 'My Notices', { protect: true }) },
          { path: 'login', ...remote('account/Login', 'Login') },
          { path: 'register', ...remote('account/Register', 'Register') },
          { path: 'forgot-password', ...remote('account/ForgotPassword', 'Forgot password') },
          {
            // The trust-and-safety team's remote: moderators only (the api answers 403 to others, and
            // the screens say so); visitors are sent to sign in.
            path: 'moderation',
            children: [
              { index: true, ...remote('moderation/Queue', 'Moderation queue', { protect: true }) },
              { path: 'inbox', ...remote('moderation/Inbox', 'Contact inbox', { protect: true }) },
              { path: 'appeals', ...remote('moderation/Appeals', 'Appeals', { protect: true }) },
              { path: 'cases', ...remote('moderation/Cases', 'Misuse cases', { protect: true }) },
              { path: 'audit', ...remote('moderation/Audit', 'Audit log', { protect: true }) },
              { path: 'transparency', ...remote('moderation/Transparency', 'Transparency figures', { protect: true }) },
            ],
          },
          shellPage('about', 'About', async () => (await import('../pages/about/about-page')).AboutPage),
          shellPage('contact', 'Contact', async () => (await import('../pages/contact/contact-page')).ContactPage),
          shellPage('terms', 'Terms and Conditions', async () => (await import('../pages/legal/terms-page')).TermsPage),
          shellPage('transparency', 'Transparency', async () => (await import('../pages/transparency/transparency-page')).TransparencyPage),
          shellPage('privacy-policy', 'Privacy Policy', async () => (await import('../pages/legal/privacy-page')).PrivacyPage),
          {
            // For operators (the `operator` claim; the api refuses anyone else): docs/decisions/0008.
            path: 'operators/releases',
            handle: { title: 'Releases' },
            hydrateFallbackElement: pageLoading,
            lazy: async () => {
              const { ReleasesPage } = await import('../pages/operators/releases-page');
              return {
                Component: () => (
                  <RequireAuth>
                    <ReleasesPage />
                  </RequireAuth>
                ),
              };
            },
          },
          { path: '*', element: <NotFound />, handle: { title: 'Page not found' } },
        ],
      },
    ],
  },
];
