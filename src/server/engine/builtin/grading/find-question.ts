import type { BankQuestionSummary, FindQuestionInput, FoundQuestion, SchemeQuestion } from '../../engine';
import { htmlToText } from '../../text/html-to-text';
import { loadBank } from '../bank/bank';
import { tokenise } from '../bank/match-text';
import { instantiateQuestion, type ConcreteQuestion } from '../bank/instantiate';
import type { BankQuestion } from '../bank/schema';

/** Share of a question's words that the photographed text must contain to count as that question. */
export const MATCH_THRESHOLD = 0.6;
const PLACEHOLDER = /\{\{\s*([a-zA-Z][a-zA-Z0-9_]*)[^}]*\}\}/g;

/** Share of `question`'s distinct words (numbers and template placeholders left out) found in `read`; null for too few words. */
function coverage(read: Set<string>, question: string): number | null {
  const words = [...new Set(tokenise(htmlToText(question).replace(PLACEHOLDER, ' ')))];
  if (words.length < 3) return null;
  return words.filter((w) => read.has(w)).length / words.length;
}

function toSchemeQuestion(q: ConcreteQuestion | BankQuestion, ref: string): SchemeQuestion {
  return {
    ref,
    text: q.text,
    type: q.type,
    totalMarks: q.marks,
    markScheme: q.markScheme,
    ...((q.groups || q.final_answer_full_marks || q.levels) && {
      schemeRules: {
        ...(q.groups && { groups: q.groups }),
        ...(q.final_answer_full_marks && { final_answer_full_marks: q.final_answer_full_marks }),
        ...(q.levels && { levels: q.levels }),
      },
    }),
    ...(q.options && { options: q.options }),
    ...(q.correctAnswer && { correctAnswer: q.correctAnswer }),
  };
}

/** A number standing on its own: not the 3 of 'cm3' or the 2 of 'CO2'. */
const NUMBER = /(?<![A-Za-z\d.])-?\d+(?:\.\d+)?(?:\s*[×x]\s*10\s*\^?\s*-?\d+)?/g;

function toNumber(text: string): number {
  const m = /^(-?\d+(?:\.\d+)?)(?:\s*[×x]\s*10\s*\^?\s*(-?\d+))?$/.exec(text.trim());
  return m ? Number(m[1]) * 10 ** Number(m[2] ?? 0) : Number.NaN;
}

/**
 * The values of a template question's variables as printed in `read`: each placeholder is found by the
 * word written before it in the template, and the first number after that word in the read text is
 * its value. Null when a variable is not found.
 */
export function readTemplateValues(question: BankQuestion, read: string): Record<string, number> | null {
  const template = question.template;
  if (!template) return null;
  const plain = htmlToText(question.text);
  const values: Record<string, number> = {};
  const text = read.replace(/\s+/g, ' ');
  let cursor = 0;
  for (const match of plain.matchAll(PLACEHOLDER)) {
    const name = match[1];
    const before = plain
      .slice(0, match.index)
      .replace(PLACEHOLDER, ' ')
      .match(/([A-Za-z]{2,})[^A-Za-z]*$/)?.[1];
    let from = cursor;
    if (before) {
      const at = text.toLowerCase().indexOf(before.toLowerCase(), cursor);
      if (at >= 0) from = at + before.length;
    }
    NUMBER.lastIndex = from;
    const number = NUMBER.exec(text);
    if (!number) return null;
    cursor = number.index + number[0].length;
    if (name in template.variables && !(name in values)) values[name] = toNumber(number[0]);
  }
  for (const name of Object.keys(template.variables)) if (!Number.isFinite(values[name])) return null;
  return values;
}

/** The template question with its variables set to `values` (computed values and scheme follow), or null when they break its rules. */
function instantiateWith(question: BankQuestion, values: Record<string, number>): ConcreteQuestion | null {
  if (!question.template) return null;
  const pinned: BankQuestion = {
    ...question,
    template: {
      ...question.template,
      variables: Object.fromEntries(Object.entries(values).map(([name, v]) => [name, { min: v, max: v, dp: 6 }])),
    },
  };
  try {
    return instantiateQuestion(pinned, 0);
  } catch {
    return null;
  }
}

/**
 * A question and its scheme: a bank question by id, or the one whose words the read text covers best —
 * the teacher's own questions first, then the bank, templates included (their values are read from
 * the text and the scheme is worked out for them).
 */
export function findQuestion(input: FindQuestionInput): FoundQuestion | null {
  const bank = loadBank();
  if (input.id) {
    const q = bank.byId.get(input.id)?.question;
    if (!q) return null;
    // A template by id has no values to go on: the bank's own first instance.
    const concrete = q.template ? instantiateQuestion(q, 0) : q;
    return { question: toSchemeQuestion(concrete, `bank:${q.id}`), label: `bank question ${q.id}`, score: 1 };
  }
  const text = input.text?.trim() ?? '';
  if (!text) return null;
  const read = new Set(tokenise(text));
  let best: FoundQuestion | null = null;
  for (const candidate of input.candidates ?? []) {
    const score = coverage(read, candidate.text);
    if (score !== null && score >= MATCH_THRESHOLD && (!best || score > best.score))
      best = { question: candidate, label: candidate.ref, score };
  }
  if (best) return best;
  let bestBank: { question: BankQuestion; score: number } | null = null;
  for (const { question } of bank.byId.values()) {
    const score = coverage(read, question.text);
    if (score !== null && (!bestBank || score > bestBank.score)) bestBank = { question, score };
  }
  if (!bestBank || bestBank.score < MATCH_THRESHOLD) return null;
  const q = bestBank.question;
  if (!q.template) return { question: toSchemeQuestion(q, `bank:${q.id}`), label: `bank question ${q.id}`, score: bestBank.score };
  const values = readTemplateValues(q, text);
  const concrete = values && instantiateWith(q, values);
  if (!concrete) return null;
  return {
    question: toSchemeQuestion(concrete, `bank:${q.id}`),
    label: `bank question ${q.id} with the values on the sheet`,
    score: bestBank.score,
  };
}

/** Bank questions whose words cover most of the query's (then the shorter question), best first. */
export function searchBank(query: string, limit: number): BankQuestionSummary[] {
  const wanted = [...new Set(tokenise(query))];
  if (!wanted.length) return [];
  const scored: { summary: BankQuestionSummary; score: number; length: number }[] = [];
  for (const { question, topic } of loadBank().byId.values()) {
    const plain = htmlToText(question.text).replace(PLACEHOLDER, (_, name: string) => name);
    const words = new Set(tokenise(`${plain} ${question.id}`));
    const score = wanted.filter((w) => words.has(w)).length / wanted.length;
    if (score < 0.5) continue;
    scored.push({
      summary: { id: question.id, text: plain.slice(0, 200), marks: question.marks, subject: topic.subject, topic: topic.topic },
      score,
      length: plain.length,
    });
  }
  return scored
    .sort((a, b) => b.score - a.score || a.length - b.length)
    .slice(0, limit)
    .map((s) => s.summary);
}
