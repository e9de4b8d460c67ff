/**
 * PostgreSQL cannot store U+0000 in text or jsonb, so a NUL byte anywhere in a request used to end in a
 * failed query and a 500 (and a lost autosave). Every string in a request's body, query and params passes
 * through here first (app.ts, preValidation): the NUL bytes are dropped and the rest is kept, so a student's
 * answer with a stray NUL is saved without it. Walks without recursion, so deep nesting cannot overflow the stack.
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
        if (child.includes('\0')) node[key] = removeNul(child);
      } else if (child !== null && typeof child === 'object') {
        stack.push(child);
      }
    }
    // A NUL in a key would reach jsonb columns just the same.
    if (!Array.isArray(node)) {
      for (const key of Object.keys(node)) {
        if (!key.includes('\0')) continue;
        node[removeNul(key)] = node[key];
        delete node[key];
      }
    }
  }
  return value;
}

function removeNul(text: string): string {
  return text.includes('\0') ? text.replaceAll('\0', '') : text;
}
