export const MIN_PASSWORD_LENGTH = 6;

export const PASSWORD_MESSAGES = {
  length: 'Password must be at least 6 characters',
  uppercase: 'Password must contain at least one uppercase letter',
  lowercase: 'Password must contain at least one lowercase letter',
} as const;

/** The registration rules in the order the form reports them; returns the first failure's message, or null. */
export function passwordProblem(password: string): string | null {
  if (password.length < MIN_PASSWORD_LENGTH) return PASSWORD_MESSAGES.length;
  if (!/[A-Z]/.test(password)) return PASSWORD_MESSAGES.uppercase;
  if (!/[a-z]/.test(password)) return PASSWORD_MESSAGES.lowercase;
  return null;
}
