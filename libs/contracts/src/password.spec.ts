import { PASSWORD_MESSAGES, passwordProblem } from './password';

describe('passwordProblem', () => {
  it('checks length, then uppercase, then lowercase, stopping at the first failure', () => {
    expect(passwordProblem('ab')).toBe('Password must be at least 6 characters');
    expect(passwordProblem('abcdef')).toBe('Password must contain at least one uppercase letter');
    expect(passwordProblem('ABCDEF')).toBe('Password must contain at least one lowercase letter');
    expect(passwordProblem('Abcdef')).toBeNull();
  });

  it('reports length first even when the other rules fail too', () => {
    expect(passwordProblem('')).toBe(PASSWORD_MESSAGES.length);
  });
});
