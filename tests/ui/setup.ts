import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';

// findBy and waitFor wait for a state, up to this: a second is too little with other work on both
// cores, and a lazy chunk (the code editors) under a CPU hog takes several.
configure({ asyncUtilTimeout: 10_000 });

// Browser APIs jsdom lacks that cmdk, the dialogs, the code editors and the theme read.
if (!Element.prototype.scrollIntoView) Element.prototype.scrollIntoView = () => {};
if (!globalThis.ResizeObserver) {
  globalThis.ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}
// CodeMirror measures text ranges; jsdom lays nothing out, so every range is empty.
if (!Range.prototype.getClientRects) {
  Range.prototype.getClientRects = () =>
    ({ length: 0, item: () => null, [Symbol.iterator]: [][Symbol.iterator] }) as unknown as DOMRectList;
  Range.prototype.getBoundingClientRect = () => new DOMRect();
}
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addEventListener: () => {},
      removeEventListener: () => {},
      addListener: () => {},
      removeListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
}

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
  document.documentElement.removeAttribute('data-theme');
  window.history.replaceState(null, '', '/');
});
