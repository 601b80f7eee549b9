import { ApiError, unreachableMessage } from './api-client';

/** Code split off the entry (a screen, a carousel, the toaster), fetched when first needed. */
export interface LazyModule<T> {
  /** The module once it has loaded, so a piece shown again renders at once. */
  readonly loaded: T | undefined;
  /**
   * Fetches the module, trying once more after a pause. It fails with a network `ApiError`: to the
   * user, code that did not arrive is the shop not answering, and asking again may help.
   */
  load: () => Promise<T>;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Stylesheets of lazy pieces that failed to load, by address. */
const failedStylesheets = new Set<string>();

// An error event reaches a capturing listener on the document first (it does not bubble).
if (typeof document !== 'undefined') {
  document.addEventListener(
    'error',
    ({ target }) => {
      if (!(target instanceof HTMLLinkElement) || target.rel !== 'stylesheet') return;
      failedStylesheets.add(target.href);
      target.remove();
    },
    { capture: true },
  );
}

/** Vite never asks again for a stylesheet it once tried, even one that failed: a retry does. */
const reloadFailedStylesheets = () =>
  Promise.all(
    [...failedStylesheets].map(
      (href) =>
        new Promise<void>((resolve, reject) => {
          const link = document.createElement('link');
          link.rel = 'stylesheet';
          link.href = href;
          link.addEventListener('load', () => {
            failedStylesheets.delete(href);
            resolve();
          });
          link.addEventListener('error', () => reject(new Error(`Unable to load ${href}`)));
          document.head.append(link);
        }),
    ),
  );

/**
 * One retry, since a dropped connection or a server restarting often answers the second time.
 * A failed `import()` is not remembered by the browser, so a later `load()` fetches again.
 */
export function lazyModule<T>(importModule: () => Promise<T>, retryDelayMs = 500): LazyModule<T> {
  let loaded: T | undefined;
  const attempt = async () => {
    await reloadFailedStylesheets();
    return (loaded = await importModule());
  };
  return {
    get loaded() {
      return loaded;
    },
    load: async () => {
      try {
        return await attempt();
      } catch {
        await pause(retryDelayMs);
        try {
          return await attempt();
        } catch (error) {
          // A warning, not an error: the user is told in words, and the page goes on working.
          console.warn('Part of the shop could not be loaded', error);
          throw new ApiError(0, 'NETWORK', unreachableMessage);
        }
      }
    },
  };
}
