import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { callManifest } from '../../call-manifest';

// What Vite injects at build time (see web/call-manifest.ts).
(globalThis as unknown as { __CALLS__: unknown }).__CALLS__ = callManifest();

// waitFor and findBy* wait until it shows (1 s by default): a busy machine is slow, not broken.
configure({ asyncUtilTimeout: 15_000 });

// jsdom lacks these; Mantine reads them.
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }) as MediaQueryList;
}
if (!('ResizeObserver' in window)) {
  (window as unknown as { ResizeObserver: unknown }).ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}
window.HTMLElement.prototype.scrollIntoView ??= () => undefined;
// Mantine's autosize textarea listens for fonts loading (document.fonts, the CSS Font Loading API).
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', {
    value: { addEventListener: () => undefined, removeEventListener: () => undefined },
  });
}

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
});
