import { FIELD_LIMITS } from '@antiquarium/contracts';
import { validateArtifactInput } from '@antiquarium/contracts/validation';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { artifactInput } from '@antiquarium/testing';
import { ArtifactForm, counterAnnouncement, FIELD_HINTS } from './artifact-form';
import { EMPTY_VALUES } from './form-values';
import { useArtifactForm } from './use-artifact-form';

// The description's limit (issue 32): said in its hint, counted as the member types, and refused as
// soon as it is passed, with the validation's own message. The limit is the contracts' one.

const MAX = FIELD_LIMITS.shortDescription;
const OVER_MESSAGE = `Short description must be at most ${MAX} characters`;

function Harness({ onSubmit = () => undefined }: { onSubmit?: () => void }) {
  const form = useArtifactForm(EMPTY_VALUES);
  return <ArtifactForm form={form} adder={{ name: 'Ada', email: 'ada@example.com' }} submitLabel="Send" submitDisabled={false} busy={false} onSubmit={onSubmit} />;
}

const description = () => screen.getByLabelText('Short description', { exact: true });
const counter = () => document.getElementById('artifact-shortDescription-counter');
const announcement = () => document.getElementById('artifact-shortDescription-announcement');

async function typeInto(text: string) {
  const user = userEvent.setup();
  await user.click(description());
  await user.paste(text);
  return user;
}

test('the limit comes from the contracts, is the validation’s, and the hint says it', () => {
  expect(MAX).toBe(1000);
  expect(validateArtifactInput(artifactInput({ shortDescription: 'a'.repeat(MAX + 1) }))).toMatchObject({ ok: false, fields: { shortDescription: OVER_MESSAGE } });
  render(<Harness />);
  expect(FIELD_HINTS.shortDescription).toContain(`up to ${MAX} characters`);
  expect(description()).toHaveAccessibleDescription(expect.stringContaining(`up to ${MAX} characters.`));
});

test('a live counter "n / 1000" counts as the validation does (trimmed), and is read with the field', async () => {
  render(<Harness />);
  expect(counter()).toHaveTextContent(`0 / ${MAX}`);
  await typeInto('  A bronze sickle.  ');
  expect(counter()).toHaveTextContent(`16 / ${MAX}`);
  expect(description()).toHaveAccessibleDescription(expect.stringContaining(`16 / ${MAX}`));
  // The counter itself is not a live region: screen readers are not told each keystroke.
  expect(counter()).not.toHaveAttribute('aria-live');
  expect(counter()?.closest('[aria-live]')).toBeNull();
  expect(announcement()).toHaveAttribute('aria-live', 'polite');
  expect(announcement()).toBeEmptyDOMElement();
});

test('the announcement speaks only near the limit, changing at a few marks, and past it with the validation’s message', () => {
  const say = (length: number) => counterAnnouncement('shortDescription', 'x'.repeat(length), MAX);
  expect(say(0)).toBe('');
  expect(say(899)).toBe('');
  expect(say(900)).toBe('100 or fewer characters left.');
  // The same words from 900 to 949: nothing new to announce while typing there.
  expect(new Set([900, 920, 949].map(say))).toEqual(new Set(['100 or fewer characters left.']));
  expect(say(950)).toBe('50 or fewer characters left.');
  expect(say(975)).toBe('25 or fewer characters left.');
  expect(say(990)).toBe('10 or fewer characters left.');
  expect(say(999)).toBe('10 or fewer characters left.');
  expect(say(1000)).toBe('No characters left: the limit is 1000.');
  expect(say(1001)).toBe(OVER_MESSAGE);
  expect(say(4000)).toBe(OVER_MESSAGE);
});

test('past the limit the text is refused as it is typed (before any submit), with the validation’s message; back under, the message goes', async () => {
  const onSubmit = jest.fn();
  render(<Harness onSubmit={onSubmit} />);
  const user = await typeInto('x'.repeat(MAX - 5));
  expect(announcement()).toHaveTextContent('10 or fewer characters left.');
  expect(description()).not.toHaveAttribute('aria-invalid');
  await user.type(description(), 'yyyyyy');
  expect(counter()).toHaveTextContent(`${MAX + 1} / ${MAX}`);
  expect(counter()).toHaveClass('ctb-counter--over');
  expect(description()).toHaveAttribute('aria-invalid', 'true');
  expect(description()).toHaveAccessibleDescription(expect.stringContaining(OVER_MESSAGE));
  expect(screen.getByText(OVER_MESSAGE, { selector: '.aq-field__error' })).toBeInTheDocument();
  expect(announcement()).toHaveTextContent(OVER_MESSAGE);
  expect(onSubmit).not.toHaveBeenCalled();
  await user.type(description(), '{Backspace}');
  expect(counter()).toHaveTextContent(`${MAX} / ${MAX}`);
  expect(description()).not.toHaveAttribute('aria-invalid');
  expect(screen.queryByText(OVER_MESSAGE)).toBeNull();
});

test('a 5 000-character paste is refused at once with the same message', async () => {
  render(<Harness />);
  await typeInto('x'.repeat(5000));
  expect(counter()).toHaveTextContent(`5000 / ${MAX}`);
  expect(description()).toHaveAccessibleDescription(expect.stringContaining(OVER_MESSAGE));
});
