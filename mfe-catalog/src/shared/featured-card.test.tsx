import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { FeaturedCard } from './featured-card';
import { artifact } from '@antiquarium/testing';

// A record as it may arrive from an older client: likes and createdAt missing.
const sparse = () => {
  const base = artifact({ name: 'Clay tablet', shortDescription: 'Cuneiform receipt', type: 'Writings' });
  return { ...base, likes: undefined as unknown as number, createdAt: '' };
};

test('featured card: 0 likes and an Unknown date when they are missing', () => {
  const item = sparse();
  render(<FeaturedCard artifact={item} />, { wrapper: MemoryRouter });
  expect(screen.getByText('0')).toBeInTheDocument();
  expect(screen.getByText('Unknown')).toBeInTheDocument();
  expect(screen.getByRole('heading', { name: 'Clay tablet' })).toBeInTheDocument();
  expect(screen.getByText('Cuneiform receipt..')).toBeInTheDocument();
  // Named after its artifact (issue 32: eight links named 'View Details' told a links list nothing).
  expect(screen.getByRole('link', { name: 'View Details: Clay tablet' })).toHaveAttribute('href', `/artifacts/${item._id}`);
  expect(screen.getByRole('img', { name: 'Clay tablet' })).toHaveAttribute('loading', 'lazy');
});

test('featured card: the date part of an ISO createdAt and the like count', () => {
  render(<FeaturedCard artifact={artifact({ createdAt: '2024-05-01T10:00:00.000Z', likes: 12 })} />, {
    wrapper: MemoryRouter,
  });
  expect(screen.getByText('2024-05-01')).toBeInTheDocument();
  expect(screen.getByText('12')).toBeInTheDocument();
  // The date's badge is read with the spec's word for it (My Artifacts' 'Created At'), issue 32.
  expect(screen.getByText('2024-05-01').closest('.aq-badge')).toHaveTextContent(/^Created At: 2024-05-01$/);
});
