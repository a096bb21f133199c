const INTERACTIONS = ['pointerdown', 'keydown', 'touchstart', 'focusin'] as const;
let interacted: Promise<void> | null = null;

/**
 * Resolves on the page's first touch, click, key press or focus. Code a page needs only once the user
 * acts (later steps, validation schemas) is fetched then, so it is not part of the first load.
 */
export function firstInteraction(): Promise<void> {
  interacted ??= new Promise((resolve) => {
    const done = () => {
      for (const type of INTERACTIONS) window.removeEventListener(type, done, true);
      resolve();
    };
    for (const type of INTERACTIONS) window.addEventListener(type, done, { capture: true, passive: true });
  });
  return interacted;
}
