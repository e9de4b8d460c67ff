/**
 * PostgreSQL cannot store U+0000 in text or jsonb, so a NUL byte anywhere in a request used to end in a
 * failed query and a 500 (and a lost autosave). Every string in a request's body, query and params passes
 * through here first (app.ts, preValidation): the NUL bytes are dropped and the rest is kept, so a student's
 * answer with a stray NUL is saved without it. Walks without recursion, so deep nesting cannot overflow the stack.
 *
 * A lone UTF-16 surrogate (half of an emoji pair, e.g. "\ud800" in JSON) is the same kind of trouble for
 * jsonb: JSON.stringify writes it as an escape PostgreSQL refuses (22P02), so a disagreement reason or a
 * PDF name holding one was a 500. It becomes U+FFFD, as it would in any text column anyway.
 */
export function stripNulBytes<T>(value: T): T {
  if (typeof value === 'string') return removeNul(value) as T;
  if (value === null || typeof value !== 'object') return value;
  const stack: object[] = [value];
  while (stack.length > 0) {
    const node = stack.pop() as Record<string, unknown>;
    for (const key of Object.keys(node)) {
      const child = node[key];
      if (typeof child === 'string') {
        if (needsCleaning(child)) node[key] = removeNul(child);
      } else if (child !== null && typeof child === 'object') {
        stack.push(child);
      }
    }
    // A NUL in a key would reach jsonb columns just the same.
    if (!Array.isArray(node)) {
      for (const key of Object.keys(node)) {
        if (!needsCleaning(key)) continue;
        node[removeNul(key)] = node[key];
        delete node[key];
      }
    }
  }
  return value;
}

/** String.prototype.isWellFormed / toWellFormed (Node 20; ES2024, newer than this project's TypeScript lib). */
type WellFormed = { isWellFormed(): boolean; toWellFormed(): string };

function needsCleaning(text: string): boolean {
  return text.includes('\0') || !(text as unknown as WellFormed).isWellFormed();
}

function removeNul(text: string): string {
  const withoutNul = text.includes('\0') ? text.replaceAll('\0', '') : text;
  const checked = withoutNul as unknown as WellFormed;
  return checked.isWellFormed() ? withoutNul : checked.toWellFormed();
}
