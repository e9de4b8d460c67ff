import type { QuestionForMarking } from '../../engine';
import { escapeHtml } from '../../text/html-entities';
import { glossaryFor, lookUpTerm, type GlossaryEntry, type GlossaryMatch } from './glossary';
import { containsStem, contentStems, plainText } from './tutor-text';

/**
 * A student's own question ("what is an enzyme?", "why is it negative?", "isn't the enthalpy of
 * formation just the combustion value?", "what does ΔH mean?") answered from what the tutor knows of
 * the question: the bank's glossary of the topic, the question's worked steps (hints), its model
 * answer and its mark scheme. Whole sentences are quoted; nothing is made up.
 */

export type StudentQuestionKind = 'same-as' | 'definition' | 'why' | 'other';

export interface StudentQuestion {
  kind: StudentQuestionKind;
  /** The terms asked about, in the student's own words and casing. */
  terms: string[];
}

const QUESTION_START =
  /^(what|what's|whats|why|how|when|which|who|where|is|isn't|isnt|are|aren't|does|doesn't|do|don't|can|could|should|would|did|define|explain what|so is|so why|but why|but isn't|wait,? (is|isn't|why|what))\b/i;

/** Whether a message reads as a question of the student's own. */
export function looksLikeQuestion(message: string): boolean {
  const text = message.trim();
  // 'When the temperature rises the equilibrium shifts…' is a statement
  return /\?\s*$/.test(text) || (QUESTION_START.test(text) && !/^(when|where|which|who)\b/i.test(text));
}

function trimTerm(term: string): string {
  return term
    .trim()
    .replace(/[?.!,]+$/, '')
    .replace(/^(the|a|an|this|that)\s+/i, '')
    .replace(/^(symbol|term|word|letter)\s+/i, '')
    .replace(/\s+(here|in this question|in the question|mean|means)$/i, '')
    .replace(/^["'“‘]|["'”’]$/g, '')
    .trim();
}

/** What kind of question it is and which terms it is about. */
export function parseStudentQuestion(message: string): StudentQuestion {
  // 'what does discrete mean here?': where the student asks it is not part of the term
  const text = message
    .trim()
    .replace(/\s+/g, ' ')
    .replace(/\s+(?:here|in this question|in the question|in this context|in this answer)(?=\s*[?.!]*$)/i, '');
  const same =
    /^(?:(?:so|but|wait),?\s+)?(?:is|isn't|isnt|are|aren't|is not)\s+(.+?)\s+(?:just|simply|really|basically|actually|the same (?:thing )?as|the same as|equal to|different from|different to|not just)\s+(.+?)[?.!]*$/i.exec(
      text,
    ) ?? /^(?:what is|what's) the difference between\s+(.+?)\s+and\s+(.+?)[?.!]*$/i.exec(text);
  if (same) return { kind: 'same-as', terms: [trimTerm(same[1]), trimTerm(same[2].replace(/^the same (thing )?as\s+/i, ''))] };
  const definition =
    /^(?:(?:so|but|wait|sorry),?\s+)?(?:what(?:'s| is| are| was)|whats|define|what does|what do|what is meant by|what's meant by|what is the meaning of|what does the symbol|what do you mean by|explain what)\s+(?:meant by\s+|the meaning of\s+)?(.+?)(?:\s+(?:mean|means|stand for|stands for|refer to|represent|do))?\s*[?.!]*$/i.exec(
      text,
    );
  if (definition && !/^(the answer|it|this|that|next|the next step|the mark scheme|the question)\b/i.test(definition[1]))
    return { kind: 'definition', terms: [trimTerm(definition[1])] };
  if (/^(?:(?:so|but),?\s+)?why\b/i.test(text)) return { kind: 'why', terms: [] };
  return { kind: 'other', terms: [] };
}

interface Source {
  sentence: string;
  /** Where it came from, for ordering: hints before the model answer before the scheme. */
  rank: number;
}

function sentencesOf(html: string): string[] {
  return plainText(html)
    .split(/(?<=[.!?])\s+(?=[A-Z0-9(ΔΣ])/)
    .map((s) => s.trim())
    .filter((s) => s.length > 3);
}

function sourcesOf(question: QuestionForMarking): Source[] {
  const out: Source[] = [];
  for (const h of question.hints ?? []) for (const s of sentencesOf(h)) out.push({ sentence: s, rank: 0 });
  if (question.modelAnswer) for (const s of sentencesOf(question.modelAnswer)) out.push({ sentence: s, rank: 1 });
  return out;
}

function p(html: string): string {
  return `<p>${html}</p>`;
}

/** Words a question is made of that say nothing about its subject. */
const QUESTION_WORDS = new Set([
  'mean',
  'means',
  'meant',
  'same',
  'just',
  'really',
  'difference',
  'symbol',
  'stand',
  'isn',
  'aren',
  'doesn',
]);

/** Everyday words for what a scheme names: 'hotter' is about temperature. */
const EVERYDAY: [RegExp, string][] = [
  [/\b(hot|hotter|heat(ed|ing)?|warm(er)?|cold(er)?|cool(er|ing)?)\b/i, 'temperature'],
  [/\b(faster|quicker|slower|speed up|slow down)\b/i, 'rate'],
  [/\b(squash(ed)?|compress(ed)?)\b/i, 'pressure'],
];

function keyStems(text: string): string[] {
  const extra = EVERYDAY.filter(([pattern]) => pattern.test(text)).map(([, word]) => word);
  return contentStems([text, ...extra].join(' ')).filter((s) => !QUESTION_WORDS.has(s));
}

/** Whether the question itself asks for this definition ('Define the term standard enthalpy of combustion'). */
function questionAsksFor(question: QuestionForMarking, entry: GlossaryEntry): boolean {
  const text = plainText(question.text).toLowerCase();
  if (!/\b(define|definition|meant by)\b/.test(text)) return false;
  return [entry.term, ...entry.aliases].some((name) => name.length >= 4 && text.includes(name.toLowerCase()));
}

const WONT_GIVE_AWAY = p("That's exactly what this question asks you, so I won't give it away: let's build it together.");

/** The sentences of the question's worked steps and model answer that best answer `message`. */
function bestSentences(question: QuestionForMarking, message: string, limit: number, preferBecause: boolean): string[] {
  const asked = keyStems(message);
  if (asked.length === 0) return [];
  const scored = sourcesOf(question)
    .map((s) => {
      const stems = contentStems(s.sentence);
      const shared = asked.filter((a) => containsStem(stems, a)).length;
      const because = preferBecause && /\b(because|so|since|as|therefore|which means)\b/i.test(s.sentence) ? 0.5 : 0;
      return { ...s, score: shared + because - s.rank * 0.1 };
    })
    .filter((s) => s.score >= 1)
    .sort((a, b) => b.score - a.score);
  const seen = new Set<string>();
  const out: string[] = [];
  for (const s of scored) {
    if (seen.has(s.sentence) || out.length >= limit) continue;
    seen.add(s.sentence);
    out.push(s.sentence);
  }
  return out;
}

function sentence(text: string): string {
  const t = text.trim();
  return /[.!?]$/.test(t) ? t : `${t}.`;
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** A glossary entry as a textbook glossary prints it (HTML): '<strong>Osmosis</strong>: the net movement…'. */
function defines(match: GlossaryMatch): string {
  const { entry, name } = match;
  const term = /^[a-z]/.test(entry.term) ? capitalise(entry.term) : entry.term;
  const heading = name !== entry.term && name.length <= 12 ? `${escapeHtml(name)} (${escapeHtml(entry.term)})` : escapeHtml(term);
  return `<strong>${heading}</strong>: ${escapeHtml(sentence(entry.definition))}`;
}

function quoteStudent(term: string): string {
  return `“${escapeHtml(term)}”`;
}

/**
 * The answer to the student's own question (HTML), or null when the tutor has nothing to go on for
 * it. Definitions and comparisons come from the glossary first; "why" and other questions from the
 * question's worked steps and model answer.
 */
export function answerStudentQuestion(message: string, question: QuestionForMarking): string | null {
  const parsed = parseStudentQuestion(message);
  const glossary = glossaryFor(question.subject, question.topic);
  if (parsed.kind === 'same-as') {
    const [a, b] = parsed.terms.map((t) => lookUpTerm(glossary, t));
    if ((a && questionAsksFor(question, a.entry)) || (b && questionAsksFor(question, b.entry))) return WONT_GIVE_AWAY;
    if (a && b && a.entry !== b.entry)
      return p('No, they are not the same.') + p(defines(a)) + p(defines(b)) + linkingStep(question, message);
    if (a && b) return p(`Yes: ${quoteStudent(parsed.terms[0])} and ${quoteStudent(parsed.terms[1])} name the same thing.`) + p(defines(a));
    const one = a ?? b;
    if (one) return p(defines(one)) + linkingStep(question, message);
  }
  if (parsed.kind === 'definition' && parsed.terms[0]) {
    const match = lookUpTerm(glossary, parsed.terms[0]);
    if (match && questionAsksFor(question, match.entry)) return WONT_GIVE_AWAY;
    if (match) return p(defines(match));
  }
  const found = bestSentences(question, message, 2, parsed.kind === 'why');
  if (found.length > 0) return p(escapeHtml(found.join(' ')));
  if (parsed.kind === 'definition' && parsed.terms[0])
    return p(
      `I don't have a definition of ${quoteStudent(parsed.terms[0])} in my notes for this topic. Check your textbook's glossary, and tell me what you think it means.`,
    );
  return null;
}

/** A worked step of the question that uses the terms asked about, when there is one. */
function linkingStep(question: QuestionForMarking, message: string): string {
  const step = bestSentences(question, message, 1, false)[0];
  return step ? p(`In this question: ${escapeHtml(step)}`) : '';
}

/** Whether a message has anything to do with the question (its text, scheme, hints, model answer or the topic's glossary). */
export function isAboutQuestion(message: string, question: QuestionForMarking): boolean {
  const asked = keyStems(message);
  // Too little to tell ('it melts'): taken as about the question, so an attempt is never turned away.
  if (asked.length === 0 || (asked.length < 3 && !looksLikeQuestion(message))) return true;
  // Words about studying itself ('where do I start?', 'what should I write first?') are about the question.
  if (
    /\b(start|begin|steps?|next|working|method|formula|equation|units?|hint|mark scheme|marks?|wrong|understand|calculate|graph|diagram|option|else|improve|better|add|missing|mention|answer)\b|\bwhat (should|do|shall|must) i (write|put|say|include)\b/i.test(
      message,
    )
  )
    return true;
  if (question.type === 'multiple_choice' && /^\(?[A-Da-d]\)?(\s|$)|\b(option|answer|it'?s|is it)\s+[A-Da-d]\b/.test(message.trim()))
    return true;
  const glossary = glossaryFor(question.subject, question.topic);
  const known = new Set(
    contentStems(
      [
        plainText(question.text),
        ...Object.values(question.options ?? {}).map(plainText),
        ...question.markScheme.flatMap((pt) => [pt.text, ...(pt.accept ?? [])]),
        ...(question.hints ?? []).map(plainText),
        plainText(question.modelAnswer ?? ''),
        ...glossary.slice(0, 60).flatMap((e) => [e.term, ...e.aliases]),
      ].join(' '),
    ),
  );
  return asked.some((a) => containsStem(known, a)) || /\d/.test(message);
}
