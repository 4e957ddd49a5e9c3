import { visitHintsOf, withVisitHints } from './visit-hints';

const INDEX = '<!doctype html><html lang="en"><head><title>Antiquarium</title></head><body><div id="root"></div></body></html>';

describe('visit hints (the first paint of a member, a visitor and a chosen theme)', () => {
  it('reads the session hint and the theme from the Cookie header', () => {
    expect(visitHintsOf('a=1; aq_session=member; aq_theme=dark')).toEqual({ session: 'member', theme: 'dark' });
    expect(visitHintsOf('aq_theme=light')).toEqual({ session: 'visitor', theme: 'light' });
    expect(visitHintsOf(undefined)).toEqual({ session: 'visitor', theme: undefined });
  });

  it('reads anything else as a visitor with the system theme', () => {
    expect(visitHintsOf('aq_session=admin; aq_theme=%22%3E%3Cscript%3E')).toEqual({ session: 'visitor', theme: undefined });
    expect(visitHintsOf('xaq_session=member; aq_themes=dark')).toEqual({ session: 'visitor', theme: undefined });
  });

  it('marks the <html> element, keeping its other attributes', () => {
    expect(withVisitHints(INDEX, 'aq_session=member; aq_theme=dark')).toContain('<html lang="en" data-aq-session="member" data-aq-theme="dark">');
    expect(withVisitHints(INDEX, '')).toContain('<html lang="en" data-aq-session="visitor">');
  });

  it('replaces marks the document already carries, never adding a second', () => {
    const once = withVisitHints(INDEX, 'aq_session=member; aq_theme=dark');
    const again = withVisitHints(once, 'aq_theme=light');
    expect(again).toContain('<html lang="en" data-aq-session="visitor" data-aq-theme="light">');
    expect(again.match(/data-aq-session/g)).toHaveLength(1);
  });
});
