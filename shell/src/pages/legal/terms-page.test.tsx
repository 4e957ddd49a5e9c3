import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { METADATA_LICENCE, MISUSE_THRESHOLDS, SUSPENSION_DAYS, TERMS_RULES } from '@antiquarium/contracts';
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

test('the terms say that the records\' text is offered as open data under CC0, and that adding agrees to it', () => {
  render(
    <MemoryRouter>
      <TermsPage />
    </MemoryRouter>,
  );
  const licence = screen.getByRole('link', { name: 'Creative Commons CC0 1.0 Public Domain Dedication' });
  expect(licence).toHaveAttribute('href', METADATA_LICENCE.uri);
  expect(licence).toHaveAttribute('rel', 'license');
  expect(METADATA_LICENCE.uri).toBe('http://creativecommons.org/publicdomain/zero/1.0/');
  const paragraph = licence.closest('p') as HTMLElement;
  expect(paragraph.textContent).toMatch(/By adding an artifact you agree\s+to offer its text on these terms/);
  expect(paragraph.textContent).toContain('/open-data/artifacts');
});
