import { SESSION_ATTRIBUTE, SESSION_HINT_COOKIE, THEME_COOKIE, THEMES, type Theme } from '@antiquarium/contracts/first-page';

/** What a visit's cookies say about how its document should first paint. */
export interface VisitHints {
  session: 'member' | 'visitor';
  /** Undefined: the visitor chose no theme, the system's applies (prefers-color-scheme). */
  theme: Theme | undefined;
}

/** The value of cookie `name` in a Cookie header, or undefined. */
function cookieValue(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const at = part.indexOf('=');
    if (at > 0 && part.slice(0, at).trim() === name) return part.slice(at + 1).trim();
  }
  return undefined;
}

/** The hints in a request's Cookie header: anything unknown reads as a visitor with no choice. */
export function visitHintsOf(cookieHeader: string | undefined): VisitHints {
  const theme = cookieValue(cookieHeader, THEME_COOKIE);
  return {
    session: cookieValue(cookieHeader, SESSION_HINT_COOKIE) === 'member' ? 'member' : 'visitor',
    theme: (THEMES as readonly string[]).includes(theme ?? '') ? (theme as Theme) : undefined,
  };
}

/** The marks withVisitHints writes, as attributes of an <html> tag. */
const VISIT_MARKS = new RegExp(`\\s(?:${SESSION_ATTRIBUTE}|data-aq-theme)="[^"]*"`, 'g');

/**
 * The document with its <html> element marked for this visit (SESSION_ATTRIBUTE, data-aq-theme), so
 * that the first paint shows the top bar and the theme that are the visitor's. Attributes the
 * document already has are replaced.
 */
export function withVisitHints(html: string, cookieHeader: string | undefined): string {
  const hints = visitHintsOf(cookieHeader);
  return html.replace(/<html\b([^>]*)>/i, (_tag, attributes: string) => {
    const kept = attributes.replace(VISIT_MARKS, '');
    const theme = hints.theme ? ` data-aq-theme="${hints.theme}"` : '';
    return `<html${kept} ${SESSION_ATTRIBUTE}="${hints.session}"${theme}>`;
  });
}
