/**
 * Resolves in a task of its own, after what the browser has queued meanwhile (a key pressed, a
 * paint). The boot awaits it between its long steps, so that none of them runs in one task with the
 * next: a person typing while the code starts waits for one step, not for all of them (issue 47's INP).
 */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => {
    setTimeout(resolve, 0);
  });
}
