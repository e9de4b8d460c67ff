/**
 * Small, dependency-free text matching for the question bank: normalising names, tokenising with a
 * light stemmer (edit distance: engine/text). Used to match free-text subjects and topics typed by students.
 */

import { editDistance } from '../../text/edit-distance';
import { stemWord } from '../../text/stem';

const STOPWORDS = new Set(
  (
    'a an and are as at be by can do does for from how i in into is it its me my of on or our paper ' +
    'please practice practise question questions some test that the their them these this to topic topics ' +
    'use using want what which with you your about level alevel gcse revision exam exams'
  ).split(' '),
);

/** Lower case, HTML tags and KaTeX commands removed, anything but letters and digits turned into spaces. */
export function normaliseText(text: string): string {
  return text
    .replace(/<\/?[a-zA-Z][^<>]*>/g, ' ')
    .replace(/&[a-z]+;|&#\d+;/gi, ' ')
    .replace(/\\[a-zA-Z]+/g, ' ')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

/** kebab-case slug of a name: 'Proof, algebra & functions' → 'proof-algebra-functions'. */
export function slugify(name: string): string {
  return normaliseText(name.replace(/&/g, ' ')).replace(/\s+/g, '-');
}

/** Content words of a text, stemmed, stopwords and one-letter words dropped. */
export function tokenise(text: string): string[] {
  return normaliseText(text)
    .split(' ')
    .filter((w) => w.length > 1 && !STOPWORDS.has(w) && !/^\d+$/.test(w))
    .map(stemWord);
}

/** How well one query token matches one document token: 1 exact, less for an abbreviation, a shared stem or a typo, 0 otherwise. */
export function matchToken(query: string, doc: string): number {
  if (query === doc) return 1;
  // 'trig' for 'trigonometry', 'diff' for 'differentiation': the query may abbreviate...
  if (query.length >= 4 && doc.startsWith(query)) return 0.8;
  // ...and a document's stem may be the start of a longer query word ('integr' in 'integrating').
  if (doc.length >= 5 && query.startsWith(doc)) return 0.8;
  if (Math.min(query.length, doc.length) >= 5 && editDistance(query, doc, 1) <= 1) return 0.7;
  return 0;
}
