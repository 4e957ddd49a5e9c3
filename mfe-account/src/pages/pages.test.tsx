import { render, screen } from '@testing-library/react';
import type { ComponentType } from 'react';
import ForgotPasswordPage from './forgot-password-page';
import LikedArtifactsPage from './liked-artifacts-page';
import LoginPage from './login-page';
import MyArtifactsPage from './my-artifacts-page';
import RegisterPage from './register-page';

// The exposes contract (README.md): each module's default export is its page.
const pages: [string, ComponentType][] = [
  ['Login', LoginPage],
  ['Register', RegisterPage],
  ['Forgot Password', ForgotPasswordPage],
  ['My Artifacts', MyArtifactsPage],
  ['Liked Artifacts', LikedArtifactsPage],
];

test.each(pages)('%s is a placeholder page until its issue lands', (title, Page) => {
  render(<Page />);
  expect(screen.getByRole('heading', { level: 1, name: title })).toBeInTheDocument();
  expect(screen.getByText('Coming soon')).toBeInTheDocument();
});
