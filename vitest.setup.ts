import { configure } from '@testing-library/dom';

// Component tests wait for the screen to settle; on a loaded 2-core machine a render can take seconds,
// so findBy/waitFor wait up to 10 s before failing (a wait, not a timing assertion).
configure({ asyncUtilTimeout: 10_000 });
