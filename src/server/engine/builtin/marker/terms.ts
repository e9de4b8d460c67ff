import { analyseText, type AnalysedText } from './text';

/**
 * Definitions bound to their terms. A question that names two or more things to tell apart ("Outline informational
 * and normative social influence", "Distinguish between demand-pull and cost-push inflation") has a point per thing,
 * each led by its term ("informational social influence: conforming because of a desire to be right"). An examiner
 * credits a definition only where the student gives it for that term: the definitions swapped earn nothing. So each
 * such point is judged on the parts of the answer about its own term.
 */

/** Words that label a point's role rather than name a thing ("strength: lab control …", "finding: …"). */
const LABELS =
  /^(strength|strengths|weakness|weaknesses|limitation|limitations|procedure|method|finding|findings|conclusion|evaluation|explanation|example|description|definition|advantage|disadvantage|aim|result|results|variables?|note|judgement|analysis|application)$/i;

/** Verbs after which the words before are a term being defined: "demand-pull inflation is caused by …". */
const DEFINES = /^(.{3,60}?)\s+(?:is|are|occurs|means|happens|refers to|describes)\b/i;

const words = (text: string): string[] => text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];

/** The initials of a term of two or more words, as students abbreviate it ("ISI", "NSI", "LTM"). */
function acronymOf(term: string): string | undefined {
  const w = words(term);
  return w.length >= 2 ? w.map((x) => x[0].toUpperCase()).join('') : undefined;
}

/**
 * The term a point defines, when the point is led by it (before ":" or "is …", at most five words) and the question
 * names it (or its initials); undefined otherwise.
 */
export function leadTerm(pointText: string, questionText: string): string | undefined {
  const colon = pointText.indexOf(':');
  const head = colon > 0 ? pointText.slice(0, colon) : DEFINES.exec(pointText)?.[1];
  if (!head) return undefined;
  const term = head.replace(/^(the|a|an)\s+/i, '').trim();
  const w = words(term);
  if (w.length === 0 || w.length > 5 || LABELS.test(term) || /[=<>]/.test(term) || /^[A-Z]{2,5}s?$/.test(term)) return undefined;
  const question = ` ${words(questionText).join(' ')} `;
  const acronym = acronymOf(term);
  return question.includes(` ${w.join(' ')} `) || (acronym && new RegExp(`\\b${acronym}\\b`).test(questionText)) ? term : undefined;
}

/**
 * Each point's lead term (leadTerm), with a point led by the initials of another's term ("ISI occurs mostly in …"
 * beside "informational social influence: …") given that term.
 */
export function leadTerms(pointTexts: string[], questionText: string): (string | undefined)[] {
  const leads = pointTexts.map((p) => leadTerm(p, questionText));
  const spelled = leads.filter((t): t is string => t !== undefined && words(t).length >= 2);
  return pointTexts.map((p, i) => {
    if (leads[i]) return leads[i];
    const head = /^([A-Z]{2,5})s?\b/.exec(p)?.[1];
    return head ? spelled.find((t) => acronymOf(t) === head) : undefined;
  });
}

/** Where a text names the term: all its words in order, at most two between ("normative … influence"). */
function spelledPattern(term: string): RegExp {
  const spelled = words(term)
    // a word's other forms: "precise" for "precision", "repeatable" for "repeatability"
    .map((x) => `${x.length > 5 ? x.slice(0, Math.max(5, x.length - 5)) : x.replace(/s$/, '')}\\p{L}*`)
    .join('(?:[\\s-]+\\p{L}+){0,2}?[\\s-]+');
  return new RegExp(`(?<!\\p{L})${spelled}`, 'giu');
}

/** Or its initials, in capitals ("ISI", "NSIs"). */
function acronymPattern(term: string): RegExp | undefined {
  const acronym = acronymOf(term);
  return acronym ? new RegExp(`(?<!\\p{L})${acronym}s?(?!\\p{L})`, 'gu') : undefined;
}

function mentions(text: string, term: string, longer: string[]): boolean {
  // a longer term that holds this one ("proactive interference" for "interference") is not a mention of it
  let rest = text;
  for (const l of longer) {
    rest = rest.replace(spelledPattern(l), ' ');
    const a = acronymPattern(l);
    if (a) rest = rest.replace(a, ' ');
  }
  return spelledPattern(term).test(rest) || (acronymPattern(term)?.test(rest) ?? false);
}

/** The answer with every mention of the term (spelled out or as initials) taken out, for finding a definition's own words. */
export function withoutTerm(answer: AnalysedText, term: string): AnalysedText {
  const acronym = acronymPattern(term);
  let text = answer.text.replace(spelledPattern(term), ' ');
  if (acronym) text = text.replace(acronym, ' ');
  return text === answer.text ? answer : analyseText(text);
}

/** A required word that is (part of) the term itself: "retroactive" or "cost push" for "cost-push inflation". */
export function namesOwnTerm(required: string, term: string): boolean {
  const r = words(required);
  const t = words(term);
  return r.length > 0 && r.every((w) => t.includes(w));
}

/** The answer cut into sentences, and clauses opened by "whereas", "while" or "but" that name a term of their own. */
function segments(answer: string, terms: string[]): string[] {
  const sentences = answer.split(/(?<=[.!?;])\s+|\n+/).filter((s) => s.trim());
  const out: string[] = [];
  for (const s of sentences) {
    const parts = s.split(/,?\s+(?=(?:whereas|while|but|and)\s)/i);
    let current = parts[0];
    for (const p of parts.slice(1)) {
      if (
        terms.some((t) =>
          mentions(
            p,
            t,
            terms.filter((l) => l.length > t.length && l.includes(t)),
          ),
        )
      ) {
        out.push(current);
        current = p;
      } else current += ` ${p}`;
    }
    out.push(current);
  }
  return out;
}

/**
 * The parts of the answer about `term`, one of the question's `terms`: each sentence or clause that names it, with
 * the ones after it that name no term (they go on about it), and any that open the answer before a term is named.
 * Undefined where the answer never names the term (it may say it another way) or every part is about it.
 */
export function answerAbout(answer: string, term: string, terms: string[]): string | undefined {
  const longerThan = (t: string) => terms.filter((l) => l.length > t.length && l.toLowerCase().includes(t.toLowerCase()));
  const parts = segments(answer, terms);
  let about: Set<string> | undefined;
  const kept: string[] = [];
  let named = false;
  for (const p of parts) {
    const here = new Set(terms.filter((t) => mentions(p, t, longerThan(t))));
    if (here.size) about = here;
    if (here.has(term)) named = true;
    if (!about || about.has(term)) kept.push(p);
  }
  if (!named || kept.length === parts.length) return undefined;
  return kept.join(' ');
}
