import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { boardIdSchema, type Board, type BoardId } from '../../../shared/specification';
import { findRepoRoot } from '../repo-root';
import { findSubject, loadBank, type Bank } from '../builtin/bank/bank';

/**
 * Exam boards' specifications (issue 31): content/specifications/<subject-slug>/<board>.json, each the board's
 * sections and points with its own numbering (facts) and our own short titles. Bank questions name the points
 * they examine in their `spec` field; this module reads the files and counts the bank's questions per point.
 * Not AI: an ordinary module the services use, whichever engine marks.
 */

const refSchema = z
  .string()
  .trim()
  .min(1)
  .max(20)
  .regex(/^[A-Za-z0-9.]+(-[A-Za-z0-9.]+)?$/, 'a ref is the board numbering, e.g. 3.1.4 or B7-B9');

export const specificationFileSchema = z.object({
  subject: z.string().min(1),
  board: boardIdSchema,
  boardName: z.string().min(1),
  code: z.string().min(1).max(20),
  title: z.string().min(1).max(80),
  sections: z
    .array(
      z.object({
        ref: refSchema,
        title: z.string().min(1).max(60),
        points: z.array(z.object({ ref: refSchema, title: z.string().min(1).max(60) })).min(1),
      }),
    )
    .min(1),
});
export type SpecificationFile = z.infer<typeof specificationFileSchema>;

export interface Specifications {
  specs: SpecificationFile[];
  /** 'content/specifications/biology/aqa.json: …' for every file that failed to load. */
  issues: string[];
}

export function defaultSpecificationsDir(): string {
  return path.join(findRepoRoot(), 'content', 'specifications');
}

/** Reads every specification file; a file that fails its schema, or repeats a ref, is left out and reported. */
export function readSpecifications(dir: string = defaultSpecificationsDir()): Specifications {
  const specs: SpecificationFile[] = [];
  const issues: string[] = [];
  if (!existsSync(dir)) return { specs, issues };
  for (const subjectDir of readdirSync(dir, { withFileTypes: true }).filter((d) => d.isDirectory())) {
    for (const file of readdirSync(path.join(dir, subjectDir.name)).filter((f) => f.endsWith('.json'))) {
      const where = path.join('content', 'specifications', subjectDir.name, file);
      let raw: unknown;
      try {
        raw = JSON.parse(readFileSync(path.join(dir, subjectDir.name, file), 'utf8'));
      } catch (error) {
        issues.push(`${where}: not valid JSON (${(error as Error).message})`);
        continue;
      }
      const parsed = specificationFileSchema.safeParse(raw);
      if (!parsed.success) {
        issues.push(...parsed.error.issues.map((i) => `${where}: ${i.path.join('.')}: ${i.message}`));
        continue;
      }
      if (`${parsed.data.board}.json` !== file) {
        issues.push(`${where}: board "${parsed.data.board}" does not match the file name`);
        continue;
      }
      const refs = [...parsed.data.sections.map((s) => s.ref), ...parsed.data.sections.flatMap((s) => s.points.map((p) => p.ref))];
      const repeated = refs.filter((r, i) => refs.indexOf(r) !== i);
      if (repeated.length > 0) {
        issues.push(`${where}: refs used twice: ${[...new Set(repeated)].join(', ')}`);
        continue;
      }
      specs.push(parsed.data);
    }
  }
  return { specs, issues };
}

let cached: Specifications | undefined;

/** The specifications, read once per process (reported on the console when a file is broken). */
export function loadSpecifications(): Specifications {
  if (!cached) {
    cached = readSpecifications();
    for (const issue of cached.issues) console.warn(`[specifications] ${issue}`);
  }
  return cached;
}

export function toBoard(spec: SpecificationFile): Board {
  return { id: spec.board, name: spec.boardName, code: spec.code, title: spec.title };
}

const BOARD_ORDER: Record<BoardId, number> = { aqa: 0, 'ocr-a': 1, edexcel: 2 };

/** The specifications of a subject (named as a student may name it: 'Maths', 'AQA Biology'), AQA, OCR A, Edexcel. */
export function specificationsOf(
  subject: string,
  specs: Specifications = loadSpecifications(),
  bank: Bank = loadBank(),
): SpecificationFile[] {
  const name = findSubject(subject, bank)?.name ?? subject.trim();
  return specs.specs
    .filter((s) => s.subject.toLowerCase() === name.toLowerCase())
    .sort((a, b) => BOARD_ORDER[a.board] - BOARD_ORDER[b.board]);
}

/** Bank question ids per point ref of a board, for a subject: every point a question lists counts it. */
export function questionsByPoint(subject: string, board: BoardId, bank: Bank = loadBank()): Map<string, string[]> {
  const byPoint = new Map<string, string[]>();
  const bankSubject = findSubject(subject, bank);
  for (const topic of bankSubject?.topics ?? []) {
    for (const question of topic.questions) {
      for (const ref of question.spec?.[board] ?? []) {
        const ids = byPoint.get(ref) ?? [];
        ids.push(question.id);
        byPoint.set(ref, ids);
      }
    }
  }
  return byPoint;
}

/** Every point ref of a specification (not the section refs). */
export function pointRefs(spec: SpecificationFile): Set<string> {
  return new Set(spec.sections.flatMap((s) => s.points.map((p) => p.ref)));
}
