import type { GeneratedPaper } from '../../../engine';
import { documentBlocks, sentencesOf, wordsOf } from '../../../documents/document-text';
import { htmlToText } from '../../../text/html-to-text';
import type { QualityDocument } from './quality-documents';

/**
 * How a paper written from a document reads to an examiner, measured against what the examiner would
 * ask (the quality document's main concepts, its non-definitions and its trivia):
 * - each question's concept: the term a definition question asks about (or a multiple-choice question's
 *   answer), the process whose stages are asked for, else the first main concept its stem names;
 *   two questions with one concept are a duplicate;
 * - whether its scheme answers it: a definition question's scheme is the document's whole definition
 *   of the term (not an "is the currently accepted model"), no scheme point cut off mid-phrase, no trivia;
 * - leaks: a heading, caption or running header inside a stem or an option;
 * - coverage: the main concepts some question is about.
 */

const STOP = new Set(
  'a an and are as at be been by can for from has have in into is it its of on or that the their there these this those to was were which with will would also than then they such may more most other some'.split(
    ' ',
  ),
);
const DANGLING = /\b(?:a|an|the|of|to|and|or|by|with|in|on|for|from|as|that|which|its|their|than|like)$/i;

function norm(text: string): string {
  return wordsOf(text)
    .map((w) => w.replace(/(?<=[a-z]{3})(?:es|s)$/, ''))
    .join(' ');
}

function contentWords(text: string): string[] {
  return (text.toLowerCase().match(/[a-z][a-z-]+/g) ?? []).filter((w) => w.length > 2 && !STOP.has(w));
}

/** Whether `text` names one of a concept's names ('|' between them), plurals aside. */
function names(text: string, concept: string): number {
  const t = ` ${norm(text)} `;
  let at = -1;
  for (const name of concept.split('|')) {
    const i = t.indexOf(` ${norm(name)} `);
    if (i >= 0 && (at < 0 || i < at)) at = i;
  }
  return at;
}

export interface QuestionReport {
  text: string;
  concept: string | null;
  problems: string[];
}

export interface PaperReport {
  questions: QuestionReport[];
  duplicates: number;
  answered: number;
  leaks: number;
  trivia: number;
  covered: string[];
}

export function questionSubject(text: string, options: Record<string, string>, correct?: string): string {
  const meant = /what is meant by (.+?)\?/i.exec(text);
  if (meant) return meant[1];
  if (/which term is described/i.test(text) && correct && options[correct]) return htmlToText(options[correct]);
  const stages = /stages of (.+?)\.?$/i.exec(text);
  if (stages) return stages[1];
  return text.replace(/^According to .*?,\s*/i, '').replace(/^Complete the statement from .*?:\s*/i, '');
}

export function measureDocumentPaper(doc: QualityDocument, pages: string[], paper: GeneratedPaper): PaperReport {
  const blocks = documentBlocks(pages);
  const headings = blocks.filter((b) => b.kind === 'heading').map((b) => b.text);
  const sentences = blocks.filter((b) => b.kind !== 'heading' && b.kind !== 'caption').flatMap((b) => sentencesOf(b.text));
  const questions: QuestionReport[] = paper.questions.map((q) => {
    const text = htmlToText(q.text).replace(/\s+/g, ' ').trim();
    const options = Object.fromEntries(Object.entries(q.options ?? {}).map(([k, v]) => [k, htmlToText(v)]));
    const subject = questionSubject(text, options, q.correctAnswer ?? undefined);
    const ranked = doc.mainConcepts
      .map((c) => ({ c, at: names(subject, c) }))
      .filter((x) => x.at >= 0)
      .sort((a, b) => a.at - b.at);
    const direct = /what is meant by|which term is described|stages of/i.test(text);
    const concept = ranked[0]?.c ?? (direct ? norm(subject) : null);
    const problems: string[] = [];
    const points = q.markScheme.map((p) => p.text.replace(/^[A-D]: /, ''));
    const scheme = points.join(' ');
    // A definition question: its scheme is the document's definition of the term, whole.
    const meant = /what is meant by (.+?)\?/i.exec(text);
    const described = /which term is described below\?\s*(.+)$/i.exec(text);
    const meaning = meant ? scheme : described ? described[1] : null;
    if (meaning !== null) {
      const term = meant ? meant[1] : subject;
      for (const nd of doc.notDefinitions ?? [])
        if (norm(nd).includes(norm(meaning)) && contentWords(meaning).length > 0) problems.push(`not a definition: “${meaning}”`);
      const opening = norm(meant ? (points[0] ?? '') : meaning)
        .split(' ')
        .slice(0, 5)
        .join(' ');
      const source = sentences.find((s) => norm(s.replace(/^(?:an?|the)\s+/i, '')).startsWith(norm(term)) && norm(s).includes(opening));
      if (source) {
        const rest = source.replace(/^.*?(?:\b(?:is|are|means|refers to)\b|:)\s*/i, '');
        const need = new Set(contentWords(rest));
        const have = new Set(contentWords(meaning));
        const got = [...need].filter((w) => have.has(w)).length;
        if (need.size && got / need.size < 0.8) problems.push(`only part of the definition (${got}/${need.size} words)`);
      } else if (meant) problems.push(`no sentence of the document defines “${term}” with this scheme`);
    }
    for (const p of points)
      if (!q.markScheme.find((m) => m.text.endsWith(p))?.numeric && DANGLING.test(p.trim())) problems.push(`point cut mid-phrase: “${p}”`);
    const said = `${text.replace(/_{3,}/, points[0] ?? '')} ${Object.values(options).join(' ')} ${scheme}`.toLowerCase();
    const trivia = (doc.trivia ?? []).filter((t) => said.includes(t.toLowerCase()));
    if (trivia.length) problems.push(`trivia: ${trivia.join(', ')}`);
    const leaks: string[] = [];
    for (const piece of [text, ...Object.values(options)]) {
      if (/\bfig(?:ure)?\.?\s*\d/i.test(piece)) leaks.push(`caption in “${piece}”`);
      if (piece.toLowerCase().includes(doc.header.toLowerCase())) leaks.push(`running header in “${piece}”`);
      for (const h of headings) {
        const at = ` ${norm(piece)} `.indexOf(` ${norm(h)} `);
        // A heading as a whole option is a term; a heading run into other words is a leak.
        if (at >= 0 && norm(piece) !== norm(h) && h.split(/\s+/).length >= 2 && !doc.mainConcepts.some((c) => names(h, c) >= 0))
          leaks.push(`heading “${h}” in “${piece}”`);
      }
    }
    // A heading run into its paragraph ("Key terms A cofactor"): an article starting a new phrase inside a term.
    for (const t of [...(meant ? [meant[1]] : []), ...Object.values(options)])
      if (/\S\s+(?:A|An|The)\s+[a-z]/.test(t)) leaks.push(`heading run into “${t}”`);
    if (q.type === 'multiple_choice' && described && contentWords(described[1]).length < 3)
      leaks.push(`stem is not a question: “${described[1]}”`);
    problems.push(...leaks.map((l) => `leak: ${l}`));
    return { text, concept, problems };
  });
  let duplicates = 0;
  questions.forEach((q, i) => {
    if (q.concept && questions.slice(0, i).some((o) => o.concept === q.concept)) {
      duplicates++;
      q.problems.push(`duplicate concept “${q.concept}”`);
    }
  });
  return {
    questions,
    duplicates,
    answered: questions.filter((q) => !q.problems.some((p) => /^(?:not a definition|only part|no sentence|point cut|trivia)/.test(p)))
      .length,
    leaks: questions.filter((q) => q.problems.some((p) => p.startsWith('leak'))).length,
    trivia: questions.filter((q) => q.problems.some((p) => p.startsWith('trivia'))).length,
    covered: doc.mainConcepts.filter((c) => questions.some((q) => q.concept === c)),
  };
}
