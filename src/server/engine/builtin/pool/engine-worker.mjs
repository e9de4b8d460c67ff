// The pool worker's entry. Plain JavaScript, so that it loads in any parent (node --import tsx, tsx, vitest):
// it registers tsx in this thread, then loads the TypeScript worker. Piscina awaits the exported promise.
import { register } from 'tsx/esm/api';

register();
const { runEngineTask } = await import('./engine-worker.ts');
export default runEngineTask;
