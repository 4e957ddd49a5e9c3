import { FIELD_LIMITS, isHttpUrl, passwordProblem, textProblem, textProblemMessage } from '@antiquarium/contracts';

/** The browser's own rule for `<input type="email">` (WHATWG HTML), so our message matches its check. */
const EMAIL_PATTERN =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/;

export const FORM_MESSAGES = {
  nameRequired: 'Full Name is required',
  emailRequired: 'Email is required',
  emailInvalid: 'Enter a valid email address, like name@example.com',
  photoInvalid: 'Photo URL must be a valid URL starting with http:// or https://',
  photoTooLong: `Photo URL must be at most ${FIELD_LIMITS.image} characters`,
  passwordRequired: 'Password is required',
} as const;

export type FieldErrors<Field extends string> = Partial<Record<Field, string>>;

export function isEmail(value: string): boolean {
  return EMAIL_PATTERN.test(value);
}

export function emailProblem(email: string): string | null {
  if (!email.trim()) return FORM_MESSAGES.emailRequired;
  if (!isEmail(email.trim())) return FORM_MESSAGES.emailInvalid;
  return null;
}

export interface LoginValues {
  email: string;
  password: string;
}

/** Login: email (email format) and password, both required. */
export function validateLogin({ email, password }: LoginValues): FieldErrors<keyof LoginValues> {
  const errors: FieldErrors<keyof LoginValues> = {};
  const emailError = emailProblem(email);
  if (emailError) errors.email = emailError;
  if (!password) errors.password = FORM_MESSAGES.passwordRequired;
  return errors;
}

export interface RegisterValues {
  name: string;
  email: string;
  photoURL: string;
  password: string;
}

/**
 * A profile photo's URL: optional (the member's initials show without one), else an http(s) URL no
 * longer than an artifact's image URL (the only URLs the site loads).
 */
export function photoProblem(photoURL: string): string | null {
  const photo = photoURL.trim();
  if (!photo) return null;
  if (photo.length > FIELD_LIMITS.image) return FORM_MESSAGES.photoTooLong;
  return isHttpUrl(photo) ? null : FORM_MESSAGES.photoInvalid;
}

/**
 * Register: name, email and password required, the photo optional but a URL when given; the
 * password then meets the three password rules, checked in order, stopping at the first failure
 * (passwordProblem, shared with the api's contracts).
 */
export function validateRegister({ name, email, photoURL, password }: RegisterValues): FieldErrors<keyof RegisterValues> {
  const errors: FieldErrors<keyof RegisterValues> = {};
  if (!name.trim()) errors.name = FORM_MESSAGES.nameRequired;
  else {
    const problem = textProblem(name);
    if (problem) errors.name = textProblemMessage('Full Name', problem);
  }
  const emailError = emailProblem(email);
  if (emailError) errors.email = emailError;
  const photoError = photoProblem(photoURL);
  if (photoError) errors.photoURL = photoError;
  if (!password) errors.password = FORM_MESSAGES.passwordRequired;
  else {
    const problem = passwordProblem(password);
    if (problem) errors.password = problem;
  }
  return errors;
}

/** The first field (in form order) that has an error, to move the focus there. */
export function firstInvalid<Field extends string>(order: readonly Field[], errors: FieldErrors<Field>): Field | undefined {
  return order.find((field) => errors[field]);
}
