import { createArtifact } from '@antiquarium/api-client';
import { useAuthStore } from '@antiquarium/auth-store';
import { ARTIFACT_FIELDS, FIELD_LABELS } from '@antiquarium/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { ada, artifactInput, renderAt } from '@antiquarium/testing';
import AddArtifactPage from './add-artifact-page';
import { ADD_TEXTS } from './add-artifact-texts';

// After "Artifact added" (issue 32): the member is taken to a confirmation panel offering "View it"
// and "Add another", not left half-way down the emptied form.

jest.mock('@antiquarium/api-client', () => ({
  ...jest.requireActual('@antiquarium/api-client'),
  createArtifact: jest.fn(),
}));
const create = jest.mocked(createArtifact);
const ID = '64b0000000000000000000ff';

const control = (label: string) => screen.getByLabelText(label, { exact: true });

async function fillValid(user: UserEvent, input = artifactInput()) {
  for (const field of ARTIFACT_FIELDS) {
    const label = FIELD_LABELS[field];
    if (field === 'type') await user.selectOptions(control(label), input.type);
    else {
      await user.click(control(label));
      await user.paste(input[field]);
    }
  }
}

async function addOne(user: UserEvent) {
  create.mockResolvedValue({ insertedId: ID });
  const router = renderAt('/add-artifact', <AddArtifactPage />, { url: '/add-artifact' });
  await fillValid(user);
  await user.click(screen.getByRole('button', { name: 'Add Artifact' }));
  return router;
}

beforeEach(() => {
  localStorage.clear();
  create.mockReset();
  useAuthStore.setState({ user: ada, loading: false });
});

test('the confirmation panel is the one success message: focused on its heading, in a polite live region, no dialog over it', async () => {
  const user = userEvent.setup();
  await addOne(user);
  const heading = screen.getByRole('heading', { level: 2, name: 'Artifact added' });
  await waitFor(() => expect(heading).toHaveFocus());
  const status = heading.closest('[role="status"]');
  expect(status).toHaveAttribute('aria-live', 'polite');
  expect(within(status as HTMLElement).getByText('“Bronze Sickle” is now in the collection.')).toBeInTheDocument();
  expect(within(status as HTMLElement).getByRole('link', { name: 'View it' })).toHaveAttribute('href', `/artifacts/${ID}`);
  expect(within(status as HTMLElement).getByRole('button', { name: 'Add another' })).toBeInTheDocument();
  expect(within(status as HTMLElement).getByRole('link', { name: 'See My Artifacts' })).toHaveAttribute('href', '/my-artifacts');
  // No pop-up over the panel (issue 43): the focus stays on it.
  await new Promise((resolve) => setTimeout(resolve, 300));
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  expect(heading).toHaveFocus();
});

test('"View it" opens the new artifact’s details page', async () => {
  const user = userEvent.setup();
  const router = await addOne(user);
  await user.click(await screen.findByRole('link', { name: 'View it' }));
  await waitFor(() => expect(router.state.location.pathname).toBe(`/artifacts/${ID}`));
});

test('"Add another" takes the panel away and puts the focus on the empty form’s first field, even after typing', async () => {
  const user = userEvent.setup();
  await addOne(user);
  await screen.findByRole('heading', { level: 2, name: 'Artifact added' });
  // Something typed meanwhile is cleared too: "Add another" starts from an empty form.
  await user.click(control('Location'));
  await user.paste('Half typed');
  await user.click(screen.getByRole('button', { name: 'Add another' }));
  expect(screen.queryByRole('heading', { name: 'Artifact added' })).not.toBeInTheDocument();
  expect(control('Name')).toHaveFocus();
  for (const field of ARTIFACT_FIELDS) expect(control(FIELD_LABELS[field])).toHaveValue('');
  // And the next one is added as the first was.
  await fillValid(user, artifactInput({ name: 'Iron Key' }));
  create.mockResolvedValue({ insertedId: '64b0000000000000000000fe' });
  await user.click(screen.getByRole('button', { name: 'Add Artifact' }));
  expect(await screen.findByText('“Iron Key” is now in the collection.')).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'View it' })).toHaveAttribute('href', '/artifacts/64b0000000000000000000fe');
});

test('a failed add shows no panel and moves nothing', async () => {
  const user = userEvent.setup();
  create.mockResolvedValue({} as never);
  renderAt('/add-artifact', <AddArtifactPage />, { url: '/add-artifact' });
  await fillValid(user);
  await user.click(screen.getByRole('button', { name: 'Add Artifact' }));
  await screen.findByRole('dialog', { name: 'Error!' });
  expect(screen.queryByRole('heading', { name: 'Artifact added' })).not.toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Add another' })).not.toBeInTheDocument();
});

test('the panel’s texts', () => {
  expect(ADD_TEXTS).toMatchObject({ addedTitle: 'Artifact added', viewIt: 'View it', addAnother: 'Add another', myArtifacts: 'See My Artifacts' });
  expect(ADD_TEXTS.addedText('Rosetta Stone')).toBe('“Rosetta Stone” is now in the collection.');
});
