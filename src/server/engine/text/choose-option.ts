/**
 * The one reader of multiple-choice answers, for the marker and the tutor alike: "B", "b", "(B)",
 * "Option B", "B) ...", "I think it's B", or the option's own text.
 */

function normalise(s: string): string {
  return s
    .replace(/<[^>]*>/g, ' ')
    .toLowerCase()
    .replace(/[^a-z0-9.%]+/g, ' ')
    .trim();
}

function conversationalLetter(answer: string): string | undefined {
  const text = answer
    .toLowerCase()
    .replace(/[\u2018\u2019\u02bc`]/g, "'")
    .replace(/\s+/g, ' ')
    .trim();
  // "I think it is B because …", "oh, C then": the letter, then nothing or the reason for it.
  const bare = text.match(
    /^(?:(?:oh|ok|okay|so|hmm|well|then)[,.!]?\s+)*(?:(?:i think|i'd say|i would say|is it|it's|it is|the answer is|my answer is|answer|option|maybe|probably|surely)\s*)*\(?([a-e])\)?\s*(?:[.!?]|$|,?\s*(?:then\b|because\b|since\b|as\b|cos\b|[-–—:]))/,
  );
  const named = text.match(/\boption\s*\(?([a-e])\)?(?![a-z])/);
  return (bare?.[1] ?? named?.[1])?.toUpperCase();
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
  // the letter said in a sentence: "I think it's b", "maybe option c"
  const said = conversationalLetter(a);
  if (said && letters.includes(said)) return said;
  if (!options) return undefined;
  // the option's text as written ('-3/2' is not '3/2', though both normalise to '3 2'), then normalised
  const written = (s: string) =>
    s
      .replace(/<[^>]*>/g, ' ')
      .replace(/\s+/g, ' ')
      .trim()
      .toLowerCase();
  const wa = written(a);
  for (const [letter, text] of Object.entries(options)) if (written(text) === wa) return letter.toUpperCase();
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

/**
 * Every option an answer chooses, for multiple-response questions: letters ("A, C", "a and c", "AC",
 * "options B & D") or the options' own texts quoted in the answer. Sorted, without repeats.
 */
export function chooseOptions(answer: string, options: Record<string, string> | undefined): string[] {
  const a = answer.replace(/<[^>]*>/g, ' ').trim();
  if (!a) return [];
  const letters = options ? Object.keys(options).map((k) => k.toUpperCase()) : ['A', 'B', 'C', 'D', 'E'];
  const set = `[${letters.join('')}]`;
  // a list of letters and nothing else: "A, C", "(a) and (c)", "AC", "options B & D"
  const list = new RegExp(
    `^(?:(?:the\\s+)?(?:answers?|options?|choices?)\\s*(?:are|is)?:?\\s*)?((?:\\(?${set}\\)?(?:\\s*(?:,|;|&|/|\\+|\\band\\b)?\\s*))+)\\.?$`,
    'i',
  );
  const m = a.match(list);
  if (m)
    return [
      ...new Set(
        [
          ...m[1]
            .replace(/\band\b/gi, ' ')
            .toUpperCase()
            .matchAll(new RegExp(set, 'g')),
        ].map((x) => x[0]),
      ),
    ].sort();
  if (!options) return [];
  const na = normalise(a);
  return Object.entries(options)
    .filter(([, text]) => {
      const nt = normalise(text);
      return nt.length >= 3 && new RegExp(`(^| )${nt.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}( |$)`).test(na);
    })
    .map(([letter]) => letter.toUpperCase())
    .sort();
}
