import type { GeneratedPaper } from '../../../engine';
import { documentBlocks, similarity, wordsOf } from '../../../documents/document-text';
import { htmlToText } from '../../../text/html-to-text';
import type { QualityDocument } from './quality-documents';

/**
 * What a question written from a document must be, checked question by question: no doubled word
 * ("Osmosis Osmosis"), no word glued at a lost hyphen ("enzymesubstrate"), no word left broken ("mem-
 * brane"), no two questions alike, "Describe the effect of" only of a noun phrase, "what is meant by"
 * only for a term the document defines, options that are terms of the document (not fragments), and a
 * mark scheme in the passage's own words on the page the model answer cites.
 */

const FINITE_VERB = /\b(?:is|are|was|were|has|have|binds?|forms?|reduces|increases|decreases|explain|explains)\b/i;

/** The wording a kind of question always has: the document's name, "what is meant by", "which term is described below". */
const LEAD_IN =
  /^According to [^,]*,\s*|\bwhat is meant by\b|\bwhich term is described below\?|^Complete the statement from [^:]*:|^Explain why\b|^Describe, in order, the stages of\b|^Describe the effect of\b/gi;

function norm(text: string): string {
  return wordsOf(text).join(' ');
}

export function checkDocumentPaper(doc: QualityDocument, pages: string[], paper: GeneratedPaper): string[] {
  const failures: string[] = [];
  // The pages as a reader sees them (words broken at line ends joined again).
  const readPages = pages.map((_, i) =>
    norm(
      documentBlocks(pages)
        .filter((b) => b.page === i + 1)
        .map((b) => b.text)
        .join(' '),
    ),
  );
  const whole = readPages.join(' ');
  // Key-term list entries ("Cofactor: a non-protein substance …") define their terms too.
  const keyTerms = new Set(
    documentBlocks(pages)
      .filter((b) => b.kind === 'list-item')
      .map((b) => /^([^:]{2,40}):\s/.exec(b.text)?.[1])
      .filter((t): t is string => !!t)
      .map(norm),
  );
  const texts = paper.questions.map((q) => htmlToText(q.text));
  if (paper.questions.length < 5) failures.push(`${doc.name}: only ${paper.questions.length} questions`);
  paper.questions.forEach((q, i) => {
    const label = `${doc.name} Q${i + 1} “${texts[i]}”`;
    const pieces = [
      texts[i],
      ...Object.values(q.options ?? {}).map((o) => htmlToText(o)),
      ...q.markScheme.map((p) => p.text),
      q.modelAnswer ?? '',
    ];
    const all = pieces.join(' ');
    for (const piece of pieces) {
      const doubled = /\b([A-Za-z]{3,})\s+\1\b/i.exec(piece);
      if (doubled) failures.push(`${label}: doubled word “${doubled[0]}”`);
    }
    for (const word of doc.mustKeepHyphen) {
      const glued = word.replace(/-/g, '').toLowerCase();
      if (all.toLowerCase().includes(glued)) failures.push(`${label}: “${glued}” lost its hyphen`);
    }
    for (const word of doc.mustJoin) {
      const broken = new RegExp(`${word.slice(0, 3)}[a-z]*-\\s+[a-z]+`, 'i').exec(all);
      if (broken && !doc.mustKeepHyphen.some((k) => broken[0].replace(/\s+/g, '') === k))
        failures.push(`${label}: broken word “${broken[0]}”`);
    }
    const effect = /Describe the effect of (.+?) on /.exec(texts[i]);
    if (effect && FINITE_VERB.test(effect[1])) failures.push(`${label}: “the effect of” a clause`);
    if (/as explained in/i.test(texts[i])) failures.push(`${label}: stem runs on into the document's name`);
    const term = /what is meant by (.+?)\?/.exec(texts[i]);
    if (term && !new RegExp(`\\b${norm(term[1])} (?:is|are)\\b`).test(whole) && !keyTerms.has(norm(term[1])))
      failures.push(`${label}: “${term[1]}” is not defined in the document`);
    if (q.type === 'multiple_choice') {
      const options = Object.values(q.options ?? {}).map((o) => htmlToText(o));
      if (new Set(options.map((o) => o.toLowerCase())).size !== options.length) failures.push(`${label}: options repeat`);
      for (const o of options)
        if (o.split(/\s+/).length > 4 || /[.,;:]$/.test(o) || !whole.includes(norm(o)))
          failures.push(`${label}: option “${o}” is not a term of the document`);
    }
    const page = /\(page (\d+) of /.exec(q.modelAnswer ?? '');
    if (!page) failures.push(`${label}: the model answer cites no page`);
    else {
      const pageText = readPages[Number(page[1]) - 1] ?? '';
      for (const p of q.markScheme) {
        const pointText = p.text.replace(/^[A-D]: /, '');
        if (!p.numeric && !pageText.includes(norm(pointText))) failures.push(`${label}: point “${p.text}” is not on page ${page[1]}`);
      }
    }
    // Alike in what they ask, not in the wording every question of a kind shares ("According to …, what is meant by").
    const asked = (t: string) => new Set(wordsOf(t.replace(LEAD_IN, ' ')));
    texts.slice(0, i).forEach((other, j) => {
      if (similarity(asked(other), asked(texts[i])) >= 0.8) failures.push(`${label}: the same as Q${j + 1}`);
    });
  });
  return failures;
}
