import { DEFAULT_RIGHTS } from '@antiquarium/contracts';
import { EMPTY_VALUES } from '../../shared/artifact-form/form-values';
import { clearDraft, DRAFT_DAYS, hasContent, readDraft, writeDraft } from './add-draft';

const DAY = 24 * 60 * 60 * 1000;
const KEY = 'antiquarium:add-artifact-draft:u-ada';

beforeEach(() => localStorage.clear());

test('a draft is kept per member, on the empty form’s values, and cleared', () => {
  writeDraft('u-ada', { ...EMPTY_VALUES, name: 'Half sword', location: 'Cairo' });
  expect(readDraft('u-ada')).toEqual({ ...EMPTY_VALUES, name: 'Half sword', location: 'Cairo', rights: DEFAULT_RIGHTS });
  expect(readDraft('u-grace')).toBeNull();
  clearDraft('u-ada');
  expect(readDraft('u-ada')).toBeNull();
});

test('the empty form (its default rights included) is no draft, and writing it removes the one kept', () => {
  expect(hasContent(EMPTY_VALUES)).toBe(false);
  expect(hasContent({ ...EMPTY_VALUES, context: '  ' })).toBe(false);
  writeDraft('u-ada', { ...EMPTY_VALUES, name: 'Half sword' });
  writeDraft('u-ada', EMPTY_VALUES);
  expect(localStorage.getItem(KEY)).toBeNull();
});

test(`a draft older than ${DRAFT_DAYS} days, or unreadable, is forgotten; unknown keys and non-texts are dropped`, () => {
  const now = Date.now();
  writeDraft('u-ada', { ...EMPTY_VALUES, name: 'Old sword' }, now - (DRAFT_DAYS + 1) * DAY);
  expect(readDraft('u-ada', now)).toBeNull();
  expect(localStorage.getItem(KEY)).toBeNull();

  localStorage.setItem(KEY, '{not json');
  expect(readDraft('u-ada')).toBeNull();
  expect(localStorage.getItem(KEY)).toBeNull();

  localStorage.setItem(KEY, JSON.stringify({ savedAt: now, values: { name: 'Kept', adderEmail: 'x@example.com', location: 42 } }));
  expect(readDraft('u-ada', now)).toEqual({ ...EMPTY_VALUES, name: 'Kept' });
});
