/**
 * The component tests' setup (vitest.config.ts, project `web`, decision 044): jest-dom's
 * matchers (`toBeInTheDocument`, `toBeDisabled`...), a clean document after each test, and the
 * few browser APIs the app uses that jsdom lacks.
 */
import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

afterEach(() => {
  cleanup();
  localStorage.clear();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

// The data table measures its room when it changes (data-table.tsx). jsdom lays nothing out,
// so there is never a change to report: observing is enough.
if (!('ResizeObserver' in globalThis)) {
  globalThis.ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}

// A confirmation is a native modal `<dialog>` (confirm-dialog.tsx); jsdom has the element but
// not its methods. Opening and closing are the `open` attribute, as in a browser.
if (typeof HTMLDialogElement.prototype.showModal !== 'function') {
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.open = true;
  };
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    this.open = false;
  };
}

// Editing a settings row brings its form into view (use-row-editing.ts); jsdom lays nothing
// out, so there is nowhere to scroll.
if (typeof Element.prototype.scrollIntoView !== 'function') {
  Element.prototype.scrollIntoView = function scrollIntoView() {};
}
