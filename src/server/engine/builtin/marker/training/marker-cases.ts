import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { findRepoRoot } from '../../../repo-root';
import { LABELS_3WAY, scoreLabels, toTwoWay, type ClassScores } from './asag-data';
import { markAnswer } from '../mark-answer';

/**
 * Our own labelled A-Level answers (content/marker-cases/*.jsonl): one mark-scheme point, one student
 * answer and the label an examiner would give, for measuring the marker on the product's own domain
 * beside the SemEval data. Written for this project; not part of the question bank.
 */

export const markerCaseSchema = z.object({
  id: z.string().min(1),
  subject: z.string().min(1),
  question: z.string().min(1),
  point: z.string().min(1),
  accept: z.array(z.string().min(1)).optional(),
  answer: z.string(),
  label: z.enum(LABELS_3WAY),
  why: z.string().optional(),
});
export type MarkerCase = z.infer<typeof markerCaseSchema>;
export type PointLabel = MarkerCase['label'];

export function markerCasesDir(): string {
  return path.join(findRepoRoot(), 'content', 'marker-cases');
}

/** Every case under the folder, validated; a bad line throws with its file and line number. */
export function readMarkerCases(dir = markerCasesDir()): MarkerCase[] {
  if (!fs.existsSync(dir)) return [];
  const cases: MarkerCase[] = [];
  for (const name of fs
    .readdirSync(dir)
    .filter((n) => n.endsWith('.jsonl'))
    .sort()) {
    fs.readFileSync(path.join(dir, name), 'utf8')
      .split('\n')
      .forEach((line, i) => {
        if (!line.trim()) return;
        const parsed = markerCaseSchema.safeParse(JSON.parse(line));
        if (!parsed.success)
          throw new Error(`${name}:${i + 1}: ${parsed.error.issues.map((x) => `${x.path.join('.')}: ${x.message}`).join('; ')}`);
        cases.push(parsed.data);
      });
  }
  return cases;
}

/** The marker's label for one point: COVERED → correct, CONTRADICTED → contradictory, else incorrect. */
export function labelPoint(question: string, point: string, accept: string[], answer: string): PointLabel {
  const feedback = markAnswer({
    questionText: question,
    type: 'short_answer',
    totalMarks: 1,
    markScheme: [{ id: 'p', text: point, accept }],
    answer,
  });
  const status = feedback.markscheme_evaluation[0].status;
  return status === 'COVERED' ? 'correct' : status === 'CONTRADICTED' ? 'contradictory' : 'incorrect';
}

export interface CaseScores {
  group: string;
  twoWay: ClassScores;
  threeWay: ClassScores;
}

/** Agreement per subject and over all cases, with every case the marker labels differently. */
export function scoreMarkerCases(cases: MarkerCase[]): { scores: CaseScores[]; disagreements: (MarkerCase & { predicted: PointLabel })[] } {
  const predicted = cases.map((c) => labelPoint(c.question, c.point, c.accept ?? [], c.answer));
  const groups = [...new Set(cases.map((c) => c.subject))].sort();
  const scores = [...groups, 'all'].map((group) => {
    const idx = cases.map((_, i) => i).filter((i) => group === 'all' || cases[i].subject === group);
    const gold = idx.map((i) => cases[i].label);
    const pred = idx.map((i) => predicted[i]);
    return {
      group,
      twoWay: scoreLabels(gold.map(toTwoWay), pred.map(toTwoWay), ['correct', 'incorrect']),
      threeWay: scoreLabels(gold, pred, LABELS_3WAY),
    };
  });
  const disagreements = cases.map((c, i) => ({ ...c, predicted: predicted[i] })).filter((c) => c.predicted !== c.label);
  return { scores, disagreements };
}
