import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { ArtifactListCard } from './artifact-list-card';
import { artifact } from '@antiquarium/testing';

test('type badge, date, likes and a Details link, with the same fallbacks', () => {
  // A record as it may arrive from an older client: likes and createdAt missing.
  const item = { ...artifact({ name: 'Clay tablet', shortDescription: 'Cuneiform receipt', type: 'Writings' }), likes: undefined as unknown as number, createdAt: '' };
  render(<ArtifactListCard artifact={item} />, { wrapper: MemoryRouter });
  expect(screen.getByText('Writings')).toBeInTheDocument();
  expect(screen.getByText('Unknown')).toBeInTheDocument();
  // One word for the date across the site: the spec's 'Created At' (issue 32), not 'Created'.
  expect(screen.getByText('Unknown').previousElementSibling).toHaveTextContent(/^Created At:$/);
  expect(screen.getByText('0')).toBeInTheDocument();
  expect(screen.getByText('Cuneiform receipt')).toBeInTheDocument();
  // Named after its artifact: 24 such links on a page each have a name of their own.
  expect(screen.getByRole('link', { name: `Details: ${item.name}` })).toHaveAttribute('href', `/artifacts/${item._id}`);
});
