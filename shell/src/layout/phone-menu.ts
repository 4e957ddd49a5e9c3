import { keepTabAmong, tabbableIn, tabCanReach } from '@antiquarium/ui';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';

/**
 * The top bar's phone menu (below 900 px its links fold behind a button): open, it keeps Tab going
 * round its button and its links (the button first, where the panel opens below it; the two sit
 * apart in the document, the account's controls between them); Escape closes it and puts the focus
 * back on the button (issue 43). A press or a focus elsewhere (a click on the page, a screen
 * reader's move) closes it rather than pulling the focus back. Where the button is not shown (a
 * window widened past 900 px with the menu open) nothing is trapped. On a composed page the menu may
 * have been opened before the code came (the intent starter answers its button): hydrated, the
 * menu takes that state, before the first paint of the code's.
 */
export function usePhoneMenu() {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLElement>(null);

  useLayoutEffect(() => {
    if (button.current?.getAttribute('aria-expanded') === 'true') setOpen(true);
  }, []);

  useEffect(() => {
    if (!open) return undefined;
    const inMenu = (target: EventTarget | null) =>
      target instanceof Node && (button.current?.contains(target) === true || panel.current?.contains(target) === true);
    const onKey = (event: KeyboardEvent) => {
      const toggle = button.current;
      if (!toggle || !panel.current || !tabCanReach(toggle)) return;
      if (event.key === 'Escape') {
        setOpen(false);
        toggle.focus();
        return;
      }
      keepTabAmong(event, [toggle, ...tabbableIn(panel.current)]);
    };
    const onLeave = (event: Event) => {
      if (!inMenu(event.target)) setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onLeave);
    document.addEventListener('focusin', onLeave);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onLeave);
      document.removeEventListener('focusin', onLeave);
    };
  }, [open]);

  return { open, setOpen, button, panel };
}
