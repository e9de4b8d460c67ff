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
  return valueChosen(a, options);
}

/** A value with its sign as written: "−185" of "−185 kJ mol⁻¹", "+247", "2.5". */
const SIGNED = /([-−+]?)(\d+(?:\.\d+)?)/;

/**
 * The option whose value the answer gives, where the options are values ("−185 kJ mol⁻¹", "+185 kJ mol⁻¹"): the answer
 * "(436 + 243) − 2(432) = −185 kJ/mol" chooses −185. Its sign must tell the options apart ("185" chooses neither −185
 * nor +185), and the answer may give the value of one option only ("−185, or maybe +185" chooses none).
 */
function valueChosen(answer: string, options: Record<string, string>): string | undefined {
  const values = Object.entries(options).map(([letter, text]) => {
    const plain = text.replace(/<[^>]*>/g, '').trim();
    // (an option that is a value: a number, then at most a unit; not "3/2" or "2.0 × 10⁻³")
    const m = new RegExp(String.raw`^${SIGNED.source}(?![\d.]|\s*[/×x^e]\s*\d)`).exec(plain);
    return m ? { letter: letter.toUpperCase(), value: Number(`${m[1] === '−' ? '-' : m[1]}${m[2]}`) } : undefined;
  });
  if (values.some((v) => v === undefined) || new Set(values.map((v) => v!.value)).size !== values.length) return undefined;
  const chosen = new Set<string>();
  for (const m of answer.matchAll(new RegExp(SIGNED.source, 'g'))) {
    // (a digit of a longer number or of a name is not a value: "H2", "10⁻³" is read as written)
    const before = answer[m.index - 1] ?? ' ';
    if (/[\w.]/.test(before) && !m[1]) continue;
    const size = Number(m[2]);
    const sign = m[1] === '−' ? '-' : m[1];
    const matching = values.filter(
      (v) => Math.abs(v!.value) === size && (sign === '-' ? v!.value < 0 : sign === '+' ? v!.value >= 0 : true),
    );
    // (an unsigned value where both signs are options says neither)
    if (matching.length === 1 && !(sign === '' && size !== 0 && values.some((v) => v!.value === -matching[0]!.value)))
      chosen.add(matching[0]!.letter);
  }
  return chosen.size === 1 ? [...chosen][0] : undefined;
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
