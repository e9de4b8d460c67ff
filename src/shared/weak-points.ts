import { z } from 'zod';
import { SKILLS, type Skill } from './mark-scheme';
import { MIN_OPPORTUNITIES, WEAK_MISS_RATE, MAX_FINDINGS } from './weak-points-text';

/** How each skill's mark is named in a sentence ("You miss the units mark ..."). */
export const SKILL_MARK_NAMES: Record<Skill, { mark: string; label: string }> = {
  recall: { mark: 'recall marks (facts you need to know)', label: 'Recall' },
  definition: { mark: 'definition marks', label: 'Definitions' },
  explanation: { mark: 'explanation marks', label: 'Explanations' },
  application: { mark: 'marks for applying ideas to a new context', label: 'Application' },
  'calculation-method': { mark: 'method marks in calculations', label: 'Calculation method' },
  'final-value': { mark: 'the final-answer mark in calculations', label: 'Final answers' },
  units: { mark: 'the units mark', label: 'Units' },
  'significant-figures': { mark: 'the significant-figures mark', label: 'Significant figures' },
  'data-analysis': { mark: 'data-analysis marks', label: 'Data analysis' },
  evaluation: { mark: 'evaluation marks', label: 'Evaluation' },
};

export const skillSchema = z.enum(SKILLS);

/** How often a student earned the points of one skill in one subject. */
export interface SkillTally {
  subject: string;
  skill: Skill;
  opportunities: number;
  missed: number;
}

/** "You miss the units mark in 60% of the chances you had (12 of 20)." */
export function findingText(tally: Pick<SkillTally, 'skill' | 'opportunities' | 'missed'>): string {
  const percent = Math.round((100 * tally.missed) / tally.opportunities);
  return `You miss ${SKILL_MARK_NAMES[tally.skill].mark} in ${percent}% of the chances you had (${tally.missed} of ${tally.opportunities}).`;
}

/** The tallies that are weak points, weakest first (see the rules above). */
export function weakSkills<T extends SkillTally>(tallies: T[]): T[] {
  return tallies
    .filter((t) => t.opportunities >= MIN_OPPORTUNITIES && t.missed / t.opportunities >= WEAK_MISS_RATE)
    .sort((a, b) => b.missed / b.opportunities - a.missed / a.opportunities || b.opportunities - a.opportunities)
    .slice(0, MAX_FINDINGS);
}

export const weakPointFindingSchema = z.object({
  subject: z.string(),
  skill: skillSchema,
  label: z.string(),
  /** The finding in a sentence, with its counts. */
  text: z.string(),
  opportunities: z.number().int(),
  missed: z.number().int(),
  missRate: z.number(),
  /** The student's course in the subject (the newest), for "Practise this". */
  courseId: z.string(),
  /** Topics where the student missed this skill most, most first. */
  topics: z.array(z.string()),
  /** Questions of the student's where they missed it, newest first (at most 3): links to practise it again. */
  questions: z.array(z.object({ questionId: z.string(), courseId: z.string(), paperId: z.string().nullable(), title: z.string() })),
});
export type WeakPointFinding = z.infer<typeof weakPointFindingSchema>;

/** GET /api/analytics/weak-points. */
export const weakPointsResponseSchema = z.object({
  findings: z.array(weakPointFindingSchema),
  /** How many marked points were looked at, and the rules (so the page can say why there is nothing yet). */
  pointsMarked: z.number().int(),
  minOpportunities: z.number().int(),
});
export type WeakPointsResponse = z.infer<typeof weakPointsResponseSchema>;

/** POST /api/courses/{id}/practise-weak-points: optionally one skill ("Practise this"); otherwise the weakest. */
export const practiseWeakPointsBodySchema = z.object({ skill: skillSchema.optional() });
