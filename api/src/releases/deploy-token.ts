import { createHash, timingSafeEqual } from 'node:crypto';
import type { Request } from 'express';

/**
 * Whether the sent credential is the deploy token, in time that does not depend on where they
 * differ: both sides are hashed first, so the comparison is always of 32 bytes (timingSafeEqual
 * needs equal lengths, and comparing lengths would tell the token's length).
 */
export function deployTokenMatches(sent: string, expected: string): boolean {
  const digest = (text: string) => createHash('sha256').update(text, 'utf8').digest();
  return timingSafeEqual(digest(sent), digest(expected));
}

/** The credential of `Authorization: Bearer <credential>`, or undefined. */
export function bearerOf(request: Request): string | undefined {
  const header = request.headers.authorization;
  if (typeof header !== 'string') return undefined;
  const match = /^Bearer +(\S+) *$/i.exec(header);
  return match?.[1];
}
