import { z } from 'zod';
import { CHECK_YOURSELF_BELOW as CHECK_THIS_POINT_BELOW } from './self-assessment-text';

/**
 * A mark-scheme point, in the style of an A-Level scheme: one point, one mark (unless `marks` says
 * otherwise, e.g. a two-mark numeric answer). Everything beyond `id` and `text` is optional and
 * helps the built-in marker decide; an LLM marker reads the same fields as guidance.
 */
export const numericTargetSchema = z.object({
  /** The expected value, or in a template a mathjs expression over the template's variables. */
  value: z.union([z.number(), z.string().min(1)]),
  /** Relative tolerance as a fraction of the value (0.01 = 1%). Default 0.01. */
  tolerance: z.number().min(0).max(1).optional(),
  /** Absolute tolerance in the point's unit; used instead of `tolerance` when given. */
  absTolerance: z.number().min(0).optional(),
  /** SI-style unit the value is expressed in, e.g. 'J', 'kJ mol^-1', 'm s^-2', 'Ω'. Omit for pure numbers. */
  unit: z.string().min(1).optional(),
  /** Significant figures the answer must be given to (marked only when set). */
  sigFigs: z.number().int().min(1).max(10).optional(),
});
export type NumericTarget = z.infer<typeof numericTargetSchema>;

/** The three kinds of mark in an A-Level scheme. Older bank files wrote 'method', 'answer' and 'content'. */
export const MARK_KINDS = ['M', 'A', 'B'] as const;
export type MarkKind = (typeof MARK_KINDS)[number];
const LEGACY_KINDS: Record<string, MarkKind> = { method: 'M', answer: 'A', content: 'B' };

/**
 * What a point tests, for the student's weak-point findings ("you miss the units mark in 60% of
 * calculation answers"). Optional; the bank tags its points.
 */
export const SKILLS = [
  'recall',
  'definition',
  'explanation',
  'application',
  'calculation-method',
  'final-value',
  'units',
  'significant-figures',
  'data-analysis',
  'evaluation',
] as const;
export type Skill = (typeof SKILLS)[number];

export const markPointSchema = z.object({
  id: z.string().min(1).max(40),
  /** The point as an examiner writes it, e.g. 'active site is complementary to the substrate'. */
  text: z.string().min(1),
  marks: z.number().int().min(1).max(10).default(1),
  /**
   * M: a method mark (a correct step, e.g. a substituted equation). A: an accuracy mark (a value or
   * conclusion), earned only with the M mark it `depends_on` when it names one. B: an independent mark.
   */
  kind: z
    .preprocess((v) => (typeof v === 'string' && Object.hasOwn(LEGACY_KINDS, v) ? LEGACY_KINDS[v] : v), z.enum(MARK_KINDS))
    .default('B'),
  /**
   * An A point: the id of the M point it needs ("no M, no A"). An M point: the id of an earlier M point it needs,
   * which makes it a dependent method mark (an examiner's dM1).
   */
  depends_on: z.string().min(1).max(40).optional(),
  /**
   * Error carried forward: the point is also earned by a value that follows correctly from the student's
   * own earlier wrong value. `ecf_formula` says how (a mathjs expression over earlier point ids, e.g.
   * "m1 * 58.5"); without it the value is taken to scale in proportion to the nearest earlier numeric point.
   */
  ecf: z.boolean().optional(),
  ecf_formula: z.string().min(1).max(200).optional(),
  /** The id of a `groups` entry: "max N marks from these points". */
  group: z.string().min(1).max(40).optional(),
  skill: z.enum(SKILLS).optional(),
  /** Other wordings that also earn the point (examiner's "accept" / "allow"). */
  accept: z.array(z.string().min(1)).default([]),
  /** Wordings that must not earn the point (examiner's "reject" / "do not accept"). */
  reject: z.array(z.string().min(1)).default([]),
  /** Words or ideas that neither earn nor lose the mark (examiner's "ignore"). */
  ignore: z.array(z.string().min(1)).default([]),
  /** Terms of which each entry must appear; 'a|b' means a or b. */
  required: z.array(z.string().min(1)).default([]),
  numeric: numericTargetSchema.optional(),
});
export type MarkPoint = z.infer<typeof markPointSchema>;
export type MarkPointInput = z.input<typeof markPointSchema>;

/** "Max N marks from these points" / "any two of". */
export const markGroupSchema = z.object({
  id: z.string().min(1).max(40),
  max: z.number().int().min(1).max(30),
});
export type MarkGroup = z.infer<typeof markGroupSchema>;

/** A level of response: an extended answer earns marks in [min_marks, max_marks] for the level it reaches. */
export const markLevelSchema = z.object({
  level: z.number().int().min(1).max(6),
  min_marks: z.number().int().min(0).max(30),
  max_marks: z.number().int().min(1).max(30),
  descriptor: z.string().min(1).max(1000),
});
export type MarkLevel = z.infer<typeof markLevelSchema>;

/**
 * The rules of a scheme beyond its points (all optional; a scheme without them is a list of B marks).
 * With `levels` the points are the indicative content and the question's marks are the top level's
 * `max_marks`.
 */
export const schemeRulesSchema = z.object({
  groups: z.array(markGroupSchema).max(20).optional(),
  /** A correct final value (the last numeric point's target met) earns every mark of the question. */
  final_answer_full_marks: z.boolean().optional(),
  levels: z.array(markLevelSchema).max(6).optional(),
});
export type SchemeRules = z.infer<typeof schemeRulesSchema>;

/** An examiner's label: the kind and the marks, e.g. M1, A1, B2; dM1 for a method mark that depends on an earlier one. */
export function markLabel(point: { kind: string; marks: number; depends_on?: string }): string {
  return `${point.kind === 'M' && point.depends_on ? 'd' : ''}${point.kind}${point.marks}`;
}

/** The most marks a scheme can give: the levels' top, or the points' marks with each group capped. */
export function schemeMaxMarks(points: readonly { marks?: number; group?: string }[], rules: SchemeRules = {}): number {
  if (rules.levels?.length) return Math.max(...rules.levels.map((l) => l.max_marks));
  const caps = new Map((rules.groups ?? []).map((g) => [g.id, g.max]));
  const inGroup = new Map<string, number>();
  let total = 0;
  for (const p of points) {
    const marks = p.marks ?? 1;
    if (p.group && caps.has(p.group)) inGroup.set(p.group, (inGroup.get(p.group) ?? 0) + marks);
    else total += marks;
  }
  for (const [id, sum] of inGroup) total += Math.min(sum, caps.get(id) ?? sum);
  return total;
}

/**
 * Everything wrong with a scheme, as sentences an author can act on: marks that do not add up, a
 * `depends_on` that names no M point (or, on an M point, none before it), a group unknown or with a max above its points' marks, levels
 * that overlap, leave gaps or do not reach the total. Reads its input defensively (it also runs on
 * input that failed the field checks). Empty when the scheme is sound.
 */
export function schemeIssues(points: readonly unknown[], rules: unknown, totalMarks?: number): string[] {
  const issues: string[] = [];
  const ps = points.map((p) => (p && typeof p === 'object' ? (p as Record<string, unknown>) : {}));
  const r = rules && typeof rules === 'object' ? (rules as Record<string, unknown>) : {};
  const kindOf = (p: Record<string, unknown>) =>
    typeof p.kind === 'string' ? (Object.hasOwn(LEGACY_KINDS, p.kind) ? LEGACY_KINDS[p.kind] : p.kind) : 'B';
  const ids = ps.map((p) => p.id).filter((id): id is string => typeof id === 'string');
  if (new Set(ids).size !== ids.length) issues.push('mark-scheme point ids must be unique');
  for (const p of ps) {
    if (p.depends_on === undefined) continue;
    const target = ps.find((q) => q.id === p.depends_on);
    if (!target || kindOf(target) !== 'M')
      issues.push(`point ${String(p.id)} depends_on "${String(p.depends_on)}", which is not an M point of this scheme`);
    else if (kindOf(p) === 'M') {
      if (ps.indexOf(target) >= ps.indexOf(p))
        issues.push(`point ${String(p.id)} is a dependent method mark (dM1) on "${String(p.depends_on)}", which must come before it`);
    } else if (kindOf(p) !== 'A') issues.push(`point ${String(p.id)} has depends_on but is not an A or M point`);
  }
  const groups = Array.isArray(r.groups) ? (r.groups as Record<string, unknown>[]) : [];
  const groupIds = new Set(groups.map((g) => g?.id));
  for (const p of ps) {
    if (typeof p.group === 'string' && !groupIds.has(p.group))
      issues.push(`point ${String(p.id)} is in group "${p.group}", which is not in groups`);
  }
  for (const g of groups) {
    const members = ps.filter((p) => p.group === g?.id);
    const sum = members.reduce((n, p) => n + (typeof p.marks === 'number' ? p.marks : 1), 0);
    if (members.length === 0) issues.push(`group "${String(g?.id)}" has no points`);
    else if (typeof g?.max === 'number' && g.max > sum)
      issues.push(`group "${String(g.id)}" has max ${g.max}, above its points' ${sum} mark${sum === 1 ? '' : 's'}`);
  }
  const levels = Array.isArray(r.levels) ? (r.levels as Record<string, unknown>[]) : [];
  if (levels.length) {
    const sorted = [...levels].sort((a, b) => Number(a?.level) - Number(b?.level));
    sorted.forEach((l, i) => {
      if (Number(l?.level) !== i + 1) issues.push(`levels must be numbered 1, 2, 3... without gaps (found level ${String(l?.level)})`);
      if (Number(l?.min_marks) > Number(l?.max_marks)) issues.push(`level ${String(l?.level)} has min_marks above max_marks`);
      const prev = sorted[i - 1];
      if (prev && Number(l?.min_marks) <= Number(prev?.max_marks))
        issues.push(
          `levels ${String(prev?.level)} and ${String(l?.level)} overlap (${String(prev?.max_marks)} and ${String(l?.min_marks)} marks)`,
        );
      if (prev && Number(l?.min_marks) > Number(prev?.max_marks) + 1)
        issues.push(
          `levels ${String(prev?.level)} and ${String(l?.level)} leave a gap (no level gives ${Number(prev?.max_marks) + 1} marks)`,
        );
    });
    if (sorted[0] && Number(sorted[0].min_marks) < 1)
      issues.push('level 1 must start at 1 mark or more (no creditworthy content is 0 marks)');
  }
  if (typeof totalMarks === 'number' && issues.length === 0) {
    const max = schemeMaxMarks(
      ps.map((p) => ({ marks: typeof p.marks === 'number' ? p.marks : 1, group: typeof p.group === 'string' ? p.group : undefined })),
      { levels: levels as MarkLevel[], groups: groups as MarkGroup[] },
    );
    if (max !== totalMarks)
      issues.push(
        levels.length
          ? `marks (${totalMarks}) must equal the top level's max_marks (${max})`
          : `marks (${totalMarks}) must equal the sum of the mark-scheme points (${max}${groups.length ? ', with each group capped at its max' : ''})`,
      );
  }
  return issues;
}

export const pointStatusSchema = z.enum(['COVERED', 'NOT_COVERED', 'CONTRADICTED']);
export type PointStatus = z.infer<typeof pointStatusSchema>;

/** §3 Feedback: the shape every marker returns and the client renders. */
export const pointEvaluationSchema = z.object({
  point_id: z.string(),
  text: z.string(),
  status: z.string(), // COVERED, NOT_COVERED or CONTRADICTED; any value but COVERED means not covered
  justification: z.string(),
  /** The marks this point earned (with caps, dependencies and ECF applied) and could earn. */
  marks_awarded: z.number().min(0).optional(),
  marks: z.number().min(0).optional(),
  kind: z.enum(MARK_KINDS).optional(),
  /** e.g. "ECF from your value of 2.4 mol", "max 2 from this group", "Level 2: 3-4 marks". */
  note: z.string().optional(),
  /**
   * How sure the marker is of this decision, 0-1. Below CHECK_YOURSELF_BELOW the feedback says so and shows the
   * scheme point ("Check this point yourself"). Absent from older feedback.
   */
  confidence: z.number().min(0).max(1).optional(),
  /** The rule that decided it (a value compared, a formula compared as mathematics, a direction, a list of terms…). */
  rule: z.string().max(40).optional(),
  /** The student's own words the decision rests on, quoted as written. */
  evidence: z.string().max(500).optional(),
});
export type PointEvaluation = z.infer<typeof pointEvaluationSchema>;

/**
 * A point decided with less confidence than this is shown as "Check this point yourself". Its value is in
 * self-assessment-text.ts, which has no zod: the exam screen reads it there without downloading zod.
 */
export const CHECK_YOURSELF_BELOW = CHECK_THIS_POINT_BELOW;

export const feedbackSchema = z.object({
  marks_awarded: z.number().min(0),
  total_marks: z.number().min(0),
  qualitative_feedback: z.string(),
  /**
   * The feedback's sentences after its score sentence ("You scored 3 out of 4."), when the marker writes one: where
   * the score is shown scaled (teacher grading), the score sentence is written anew before them.
   */
  comments: z.string().optional(),
  markscheme_evaluation: z.array(pointEvaluationSchema),
  /** Which engine and model produced it: 'the built-in marker' or e.g. 'gpt-4o-mini (OpenAI)'. */
  marked_by: z.string().optional(),
  /** Levels-marked questions: the level reached (0 when none) and its descriptor. */
  level: z.object({ level: z.number().int().min(0), min_marks: z.number(), max_marks: z.number(), descriptor: z.string() }).optional(),
});
export type Feedback = z.infer<typeof feedbackSchema>;

export const questionTypeSchema = z.enum(['essay', 'multiple_choice', 'short_answer']);
export type QuestionType = z.infer<typeof questionTypeSchema>;
