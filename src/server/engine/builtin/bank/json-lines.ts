/**
 * Where each value of a JSON text starts, by its path: `lineOf(['questions', 2, 'markScheme', 1])` is
 * the 1-based line of that point. A path that does not exist resolves to its longest existing prefix
 * (a missing field is reported at the line of the object that lacks it). Only for text that
 * JSON.parse has accepted: the scan does not check the syntax again.
 */
export type JsonPath = readonly (string | number)[];

export function jsonLineLocator(source: string): (path: JsonPath) => number | undefined {
  const lines = new Map<string, number>();
  let i = 0;
  let line = 1;
  const key = (path: JsonPath) => path.map(String).join('\u0000');

  function skipSpace() {
    while (i < source.length) {
      const c = source[i];
      if (c === '\n') line++;
      else if (c !== ' ' && c !== '\t' && c !== '\r' && c !== '\ufeff') return;
      i++;
    }
  }
  function readString(): string {
    const start = i;
    i++; // opening quote
    while (i < source.length && source[i] !== '"') i += source[i] === '\\' ? 2 : 1;
    i++; // closing quote
    return JSON.parse(source.slice(start, i)) as string;
  }
  function readValue(path: (string | number)[]) {
    skipSpace();
    lines.set(key(path), line);
    const c = source[i];
    if (c === '{') {
      i++;
      skipSpace();
      if (source[i] === '}') return void i++;
      for (;;) {
        skipSpace();
        const name = readString();
        skipSpace();
        i++; // colon
        readValue([...path, name]);
        skipSpace();
        if (source[i++] === '}') return;
      }
    }
    if (c === '[') {
      i++;
      skipSpace();
      if (source[i] === ']') return void i++;
      for (let n = 0; ; n++) {
        readValue([...path, n]);
        skipSpace();
        if (source[i++] === ']') return;
      }
    }
    if (c === '"') return void readString();
    while (i < source.length && !/[\s,\]}]/.test(source[i])) i++; // number, true, false, null
  }

  try {
    readValue([]);
  } catch {
    // Not JSON after all: no lines.
  }
  return (path) => {
    for (let n = path.length; n >= 0; n--) {
      const found = lines.get(key(path.slice(0, n)));
      if (found !== undefined) return found;
    }
    return undefined;
  };
}
