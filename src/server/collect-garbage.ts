import v8 from 'node:v8';
import vm from 'node:vm';

let gc: (() => void) | undefined;

/**
 * A full garbage collection now, for the few moments when a large amount of memory has just become garbage and
 * nothing else would make V8 collect it soon: an idle server allocates little, so memory released at start-up
 * (PGlite's first instance after initdb, hundreds of MB of WebAssembly memory) would stay resident for minutes.
 * Node exposes `gc` only with --expose-gc; the flag is set at run time and the function taken from a new context,
 * as Node's documentation of v8.setFlagsFromString shows. Not for hot paths: it pauses the thread (tens of ms).
 */
export function collectGarbageNow(): void {
  if (!gc) {
    const exposed = (globalThis as { gc?: () => void }).gc;
    if (exposed) gc = exposed;
    else {
      v8.setFlagsFromString('--expose-gc');
      gc = vm.runInNewContext('gc') as () => void;
    }
  }
  gc();
}
