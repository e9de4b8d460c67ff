import type { Bank } from './bank';

/**
 * Near-duplicate questions within a subject (issue 31 item 5): the Jaccard similarity of the questions' three-word
 * shingles (text and options, markup and template placeholders left out, each formula one word as written). Two questions on the same idea with
 * different wording score well under 0.6; a copy with a word or two changed scores above 0.75.
 */

export const NEAR_DUPLICATE_THRESHOLD = 0.75;

export interface NearDuplicate {
  a: string;
  b: string;
  similarity: number;
}

function words(html: string): string[] {
  return (
    html
      .replace(/<[^>]+>/g, ' ')
      .replace(/\{\{[^}]+\}\}/g, ' n ')
      // a formula is one word as written ("y=n^x" is not "y=ne^{nx}"), placeholders standing for any value
      .replace(
        /\\\(([\s\S]*?)\\\)|\\\[([\s\S]*?)\\\]/g,
        (_, inline: string | undefined, display: string | undefined) =>
          ` f${Buffer.from((inline ?? display ?? '').replace(/\s+/g, '')).toString('hex')} `,
      )
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, ' ')
      .split(' ')
      .filter(Boolean)
  );
}

function shingles(list: string[]): Set<string> {
  const out = new Set<string>();
  if (list.length < 3) out.add(list.join(' '));
  for (let i = 0; i + 3 <= list.length; i++) out.add(list.slice(i, i + 3).join(' '));
  return out;
}

export function findNearDuplicates(bank: Bank, threshold = NEAR_DUPLICATE_THRESHOLD): NearDuplicate[] {
  const found: NearDuplicate[] = [];
  for (const subject of bank.subjects) {
    const questions = subject.topics
      .flatMap((t) => t.questions)
      .map((q) => ({ id: q.id, shingles: shingles(words(`${q.text} ${Object.values(q.options ?? {}).join(' ')}`)) }));
    for (let i = 0; i < questions.length; i++) {
      for (let j = i + 1; j < questions.length; j++) {
        const a = questions[i].shingles;
        const b = questions[j].shingles;
        let shared = 0;
        for (const s of a) if (b.has(s)) shared++;
        const similarity = shared / (a.size + b.size - shared || 1);
        if (similarity >= threshold) found.push({ a: questions[i].id, b: questions[j].id, similarity: Math.round(similarity * 100) / 100 });
      }
    }
  }
  return found.sort((x, y) => y.similarity - x.similarity);
}
