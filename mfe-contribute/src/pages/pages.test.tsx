import { render, screen } from '@testing-library/react';
import type { ComponentType } from 'react';
import AddArtifactPage from './add-artifact-page';
import UpdateArtifactPage from './update-artifact-page';

// The exposes contract (README.md): each module's default export is its page.
const pages: [string, ComponentType][] = [
  ['Add Historical Artifact', AddArtifactPage],
  ['Update Artifact', UpdateArtifactPage],
];

test.each(pages)('%s is a placeholder page until its issue lands', (title, Page) => {
  render(<Page />);
  expect(screen.getByRole('heading', { level: 1, name: title })).toBeInTheDocument();
  expect(screen.getByText('Coming soon')).toBeInTheDocument();
});
