import { render, screen, within } from '@testing-library/react';
import { DEFAULT_RIGHTS, RIGHTS_STATEMENTS } from '@antiquarium/contracts';
import { RightsBadge } from './rights-badge';

test.each(RIGHTS_STATEMENTS.map((statement) => [statement.label, statement] as const))('%s: a badge linking the statement, rel="license", with its explanation', (_, statement) => {
  render(<RightsBadge rights={statement.uri} credit="" />);
  const region = screen.getByRole('region', { name: 'Rights' });
  const link = within(region).getByRole('link', { name: statement.label });
  expect(link).toHaveAttribute('href', statement.uri);
  expect(link.getAttribute('rel')?.split(' ')).toContain('license');
  expect(within(region).getByText(statement.explanation)).toBeInTheDocument();
  expect(within(region).queryByText(/^Credit:/)).toBeNull();
});

test('shows the credit line when there is one', () => {
  render(<RightsBadge rights="http://creativecommons.org/licenses/by/4.0/" credit="Photo: Hans Hillewaert" />);
  expect(screen.getByText('Credit: Photo: Hans Hillewaert')).toBeInTheDocument();
});

test('an answer without a statement, or with one outside the list, shows Copyright Not Evaluated', () => {
  const { unmount } = render(<RightsBadge />);
  expect(screen.getByRole('link', { name: 'Copyright Not Evaluated' })).toHaveAttribute('href', DEFAULT_RIGHTS);
  unmount();
  render(<RightsBadge rights="javascript:alert(1)" />);
  expect(screen.getByRole('link', { name: 'Copyright Not Evaluated' })).toHaveAttribute('href', DEFAULT_RIGHTS);
});
