import type { FieldErrors } from '@antiquarium/contracts';
import { ValidationFailed } from '../common/errors';

/** The fields of the moderation requests a service refuses after their validation passed. */
type ModerationField = 'photoId' | 'reportIds' | 'unfounded' | 'decisionId' | 'text' | 'outcome';

/** A 400 for one field: "`field`: `why`", with `short` as the field's own error. */
export function invalidField(field: ModerationField, why: string, short: string = why): ValidationFailed {
  // FieldErrors names the artifact form's fields; the api's error body takes any field name.
  return new ValidationFailed(`${field}: ${why}`, { [field]: short } as FieldErrors);
}
