const INPUT_EVENTS = ['pointerdown', 'keydown', 'scroll'] as const;

/**
 * Runs `action` once, at the first click, key or scroll anywhere on the page: for work a page
 * will soon need but that must not hold up its start (a heavy module's first run is one long
 * task). Returns the cancel, for an effect's cleanup.
 */
export function onFirstInput(action: () => void): () => void {
  const run = () => {
    cancel();
    action();
  };
  const cancel = () => {
    for (const type of INPUT_EVENTS) window.removeEventListener(type, run, true);
  };
  for (const type of INPUT_EVENTS)
    window.addEventListener(type, run, { capture: true, passive: true });
  return cancel;
}
