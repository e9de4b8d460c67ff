/** Reading a multiple-choice answer: "B", "b", "(B)", "Option B", "B) ...", or the option's own text. */

function normalise(s: string): string {
  return s
    .replace(/<[^>]*>/g, ' ')
    .toLowerCase()
    .replace(/[^a-z0-9.%]+/g, ' ')
    .trim();
}

export function chooseOption(answer: string, options: Record<string, string> | undefined): string | undefined {
  const a = answer.replace(/<[^>]*>/g, ' ').trim();
  if (!a) return undefined;
  const letters = options ? Object.keys(options).map((k) => k.toUpperCase()) : ['A', 'B', 'C', 'D', 'E'];
  const letterPattern = letters.join('');
  const patterns = [
    new RegExp(`^\\(?\\s*([${letterPattern}])\\s*\\)?\\s*[.:)\\-]?$`, 'i'),
    new RegExp(`^(?:option|answer|choice)\\s*(?:is\\s*)?:?\\s*\\(?([${letterPattern}])\\)?\\b`, 'i'),
    new RegExp(`^(?:the\\s+)?(?:correct\\s+)?(?:answer|option)\\s+is\\s+\\(?([${letterPattern}])\\)?\\b`, 'i'),
    new RegExp(`^\\(?([${letterPattern}])(?:\\)|\\.|:|\\s+-|\\s+–)\\s+`, 'i'),
  ];
  for (const p of patterns) {
    const m = a.match(p);
    if (m) return m[1].toUpperCase();
  }
  if (!options) return undefined;
  const na = normalise(a);
  for (const [letter, text] of Object.entries(options)) if (normalise(text) === na) return letter.toUpperCase();
  // the answer quotes one option's text (and no other)
  const quoted = Object.entries(options).filter(([, text]) => {
    const nt = normalise(text);
    return nt.length >= 3 && na.includes(nt);
  });
  if (quoted.length === 1) return quoted[0][0].toUpperCase();
  return undefined;
}
