import { configure } from '@testing-library/dom';

// Component tests wait for the screen to settle; on a loaded 2-core machine a render can take seconds,
// so findBy/waitFor wait up to 10 s before failing (a wait, not a timing assertion).
configure({ asyncUtilTimeout: 10_000 });

// jsdom has no ResizeObserver; Radix components (slider, tabs, select) observe their size. A no-op one
// is enough for component tests.
if (typeof window !== 'undefined' && !('ResizeObserver' in globalThis)) {
  globalThis.ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}
