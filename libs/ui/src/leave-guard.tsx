import { useCallback, useEffect, useLayoutEffect, useMemo, useRef } from 'react';
import { useBlocker, type Location } from 'react-router-dom';
import { confirmDialog } from './notify';
import { screenRegistry } from './screen-registry';

/** What the question says when a member leaves a page with changes that are not saved. */
export interface LeaveTexts {
  title: string;
  text: string;
  leave: string;
  stay: string;
}

export const LEAVE_TEXTS: LeaveTexts = {
  title: 'Leave without saving?',
  text: 'Your changes on this page are not saved. If you leave now, they are lost.',
  leave: 'Leave without saving',
  stay: 'Stay on this page',
};

// Every form on screen with a guard: a page may hold several (the queue's decisions, the notices'
// appeals), and the router takes one blocker only, so the first guard asks for all of them.
const guards = screenRegistry<{ unsaved: boolean; texts: LeaveTexts }>();
let leavingFreely = false;

/** The texts of the first form that holds unsaved changes, or undefined when none does. */
function unsavedTexts(): LeaveTexts | undefined {
  if (leavingFreely) return undefined;
  for (const guard of guards.values()) if (guard.unsaved) return guard.texts;
  return undefined;
}

/**
 * The next navigation leaves without asking. For a page that moves on by itself right after a save
 * or a deletion, in the same event: its form still counts as changed until it renders again.
 */
export function allowLeaving(): void {
  leavingFreely = true;
}

/** The guard's question (focus on Stay, confirmDialog: one Enter never throws the changes away); true to leave. */
function askToLeave(texts: LeaveTexts): Promise<boolean> {
  return confirmDialog({ title: texts.title, text: texts.text, confirmLabel: texts.leave, cancelLabel: texts.stay, destructive: true });
}

/**
 * Before a Cancel, an Escape or a Close throws a form's changes away without leaving the page (a
 * dialog's form, a form folded away): asks the leave guard's question when `unsaved`, and nothing
 * otherwise. Resolves true when the changes may go.
 */
export function mayDiscard(unsaved: boolean, texts: LeaveTexts = LEAVE_TEXTS): Promise<boolean> {
  return unsaved ? askToLeave(texts) : Promise.resolve(true);
}

/** A navigation that changes the page (path or query); a jump to an anchor of the same page does not. */
function changesPage(current: Location, next: Location): boolean {
  return current.pathname !== next.pathname || current.search !== next.search;
}

/** The one blocker of the router, kept by the first guard on screen; it speaks for every guard. */
function Blocker() {
  const shouldBlock = useCallback(
    ({ currentLocation, nextLocation }: { currentLocation: Location; nextLocation: Location }) =>
      unsavedTexts() !== undefined && changesPage(currentLocation, nextLocation),
    [],
  );
  const blocker = useBlocker(shouldBlock);
  const asked = useRef<unknown>(null);

  useEffect(() => {
    if (blocker.state !== 'blocked' || asked.current === blocker) return;
    asked.current = blocker;
    void askToLeave(unsavedTexts() ?? LEAVE_TEXTS).then((leave) => {
      if (leave) blocker.proceed();
      else blocker.reset();
    });
  }, [blocker]);

  // Closing or reloading the tab: the browser asks in its own words (pages cannot set them).
  useEffect(() => {
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (unsavedTexts() === undefined) return;
      event.preventDefault();
      // Older browsers ask only when a value is returned.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, []);

  return null;
}

export interface LeaveGuardProps {
  /** The form holds changes that are not saved (false again once they are saved or sent). */
  when: boolean;
  /** The question's words, when this form has more to say (e.g. what its draft keeps). */
  texts?: LeaveTexts;
}

/**
 * Rendered by every form or editor whose changes would be lost by leaving: while `when` holds, an
 * in-app link, Back or Forward asks first (the router's blocker), and closing or reloading the tab
 * asks through the browser (`beforeunload`). Needs a data router (the shell's createBrowserRouter;
 * createMemoryRouter in tests). Renders no markup of its own, and nothing on the server.
 */
export function LeaveGuard({ when, texts = LEAVE_TEXTS }: LeaveGuardProps) {
  const first = guards.useEntry(useMemo(() => ({ unsaved: when, texts }), [when, texts]));

  // New changes after a save that was allowed to leave: asking again.
  useLayoutEffect(() => {
    if (when) leavingFreely = false;
  }, [when]);
  // After the registry's own clean-up (declared before): the last guard gone, the next page asks again.
  useLayoutEffect(
    () => () => {
      if (guards.size() === 0) leavingFreely = false;
    },
    [],
  );

  return first ? <Blocker /> : null;
}
