import { defaultContentDir } from '../../bank/bank';
import { readBank } from '../../bank/load-bank';
import { instantiateQuestion } from '../../bank/instantiate';
import { bankSchemeRules } from '../../bank/to-generated-paper';
import { cosineRows, useSharedWordVectors, useWordVectors, weighWord } from '../embeddings';
import { parseEmbeddingsFile, resolveEmbeddingsPath } from '../embeddings-json';
import { markAnswer } from '../mark-answer';
import { wordTableInMemory } from '../word-table';
import type { SharedWordTable } from '../word-vector-cache';
import { analyseText } from '../text';

/**
 * Which word table a thread marks with: the JSON parser's Map (as before the shared table) or the shared table
 * (its index shared, the vectors read from its file; or all of it in memory when `file` is null).
 */
export type WordTableChoice = { table: 'json-map' } | { table: 'shared'; shared: SharedWordTable };

const plain = (html: string) =>
  html
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

/**
 * Marks every bank question's model answer, its first sentence and its words in reverse order with the word
 * table chosen, and records each text's word rows and weights and the similarity of every answer word to
 * every word of the question's first point. Run in a fresh thread per table (mark-bank-worker.mjs).
 */
export function markBankWith(choice: WordTableChoice) {
  if (choice.table === 'shared') useSharedWordVectors(choice.shared);
  else {
    const parsed = parseEmbeddingsFile(resolveEmbeddingsPath()!);
    useWordVectors(wordTableInMemory((word) => parsed.index.get(word) ?? -1, parsed.vectors, parsed.size));
  }
  const bank = readBank(defaultContentDir());
  const marks: unknown[] = [];
  const rows: number[][] = [];
  const similarities: number[] = [];
  // about 600 questions spread over the bank by id (it has grown past 2,000): the same sample in both threads
  const ids = [...bank.byId.keys()].sort();
  const stride = Math.max(1, Math.floor(ids.length / 600));
  const sample = ids.filter((_, i) => i % stride === 0);
  for (const id of sample) {
    const entry = bank.byId.get(id)!;
    const q = instantiateQuestion(entry.question, 7);
    const model = plain(q.modelAnswer ?? '');
    const answers = [model, model.split(/(?<=\.)\s/)[0], model.split(' ').reverse().join(' ')];
    for (const answer of answers) {
      marks.push(
        markAnswer({
          questionText: q.text,
          type: q.type,
          totalMarks: q.marks,
          markScheme: q.markScheme,
          answer,
          options: q.options,
          correctAnswer: q.correctAnswer,
          rules: bankSchemeRules(q),
        }),
      );
    }
    const answerTokens = analyseText(model).tokens;
    const pointTokens = analyseText(q.markScheme[0]?.text ?? '').tokens;
    for (const text of [model, ...q.markScheme.map((p) => p.text)]) {
      const tokens = analyseText(text).tokens;
      rows.push(
        tokens.map((t) => t.row),
        tokens.map((t) => weighWord(t.row)),
      );
    }
    for (const a of answerTokens) for (const p of pointTokens) similarities.push(cosineRows(a.row, p.row));
  }
  return { questions: sample.length, marks, rows, similarities };
}
