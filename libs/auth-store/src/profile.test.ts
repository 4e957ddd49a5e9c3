import { profileUpdate } from './profile';

test('a photo given is sent, trimmed', () => {
  expect(profileUpdate('Ada', ' https://example.org/ada.png ')).toEqual({ displayName: 'Ada', photoURL: 'https://example.org/ada.png' });
});

test('no photo: the field is left out, never sent as an empty string (initials show instead)', () => {
  for (const missing of [undefined, '', '   ']) {
    const update = profileUpdate('Ada', missing);
    expect(update).toEqual({ displayName: 'Ada' });
    expect('photoURL' in update).toBe(false);
  }
});
