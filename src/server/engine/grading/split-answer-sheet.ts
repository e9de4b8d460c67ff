/**
 * An answer sheet with several questions, split by question number: a line that starts with '1', '1.',
 * '1)', 'Q1', 'Question 1' or '(1)' starts that question's answer. Numbers must come in increasing
 * order and be among `numbers` (a '2' inside an answer, such as '2 moles', is not a new question unless it
 * heads a line and follows 1). Text before the first number belongs to the first question.
 */
export function splitAnswerSheet(text: string, numbers: readonly number[]): Map<number, string> {
  const parts = new Map<number, string[]>();
  const wanted = new Set(numbers);
  const first = Math.min(...numbers);
  let current = first;
  const heading = /^\s*(?:\(?\s*(?:q(?:uestion)?\.?\s*)?(\d{1,2})\s*[.):]|q(?:uestion)?\.?\s*(\d{1,2})\b)\s*/i;
  for (const line of text.split(/\r?\n/)) {
    const m = heading.exec(line);
    const n = m ? Number(m[1] ?? m[2]) : NaN;
    if (m && wanted.has(n) && n > current) {
      current = n;
      parts.set(current, [...(parts.get(current) ?? []), line.slice(m[0].length)]);
      continue;
    }
    if (m && n === first && current === first && !parts.has(first)) {
      parts.set(first, [line.slice(m[0].length)]);
      continue;
    }
    parts.set(current, [...(parts.get(current) ?? []), line]);
  }
  return new Map(numbers.map((n) => [n, (parts.get(n) ?? []).join('\n').trim()]));
}
