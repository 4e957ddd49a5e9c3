import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { MISUSE_THRESHOLDS, SUSPENSION_DAYS, TERMS_RULES } from '@antiquarium/contracts';
import { TERMS_SECTIONS, TermsPage } from './terms-page';

test('the terms number the rules that moderators cite, from the shared list, with their thresholds', () => {
  render(
    <MemoryRouter>
      <TermsPage />
    </MemoryRouter>,
  );
  // Still the seven sections of the product spec.
  expect(TERMS_SECTIONS).toHaveLength(7);
  const rules = document.querySelector('ol') as HTMLElement;
  const items = within(rules).getAllByRole('listitem');
  expect(items.map((item) => [item.id, item.textContent])).toEqual(TERMS_RULES.map((rule) => [rule.id, rule.text]));
  expect(screen.getByText(new RegExp(`suspension of ${SUSPENSION_DAYS} days`))).toBeInTheDocument();
  expect(screen.getByText(new RegExp(`${MISUSE_THRESHOLDS.removedArtifacts.suspendAt}\\s+removed artifacts`))).toBeInTheDocument();
});
