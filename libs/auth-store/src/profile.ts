/**
 * What a profile update asks of the identity provider. The photo is optional: without one, the
 * field is left out, never sent as '' (Firebase would store an empty photo URL, which the site would
 * then try to load instead of showing the member's initials) nor as null (which deletes a photo).
 */
export function profileUpdate(displayName: string, photoURL?: string): { displayName: string; photoURL?: string } {
  const photo = photoURL?.trim();
  return photo ? { displayName, photoURL: photo } : { displayName };
}
