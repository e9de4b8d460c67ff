import { z } from 'zod';

/** The landing page's claims, counted from real data rather than fixed numbers. */
export const publicStatsSchema = z.object({
  students: z.number().int().min(0),
  questions: z.number().int().min(0),
  answersMarked: z.number().int().min(0),
  studyHours: z.number().int().min(0),
  /** Percent of marked answers that scored above 60%, or null before any answer is marked. */
  passRate: z.number().min(0).max(100).nullable(),
});
export type PublicStats = z.infer<typeof publicStatsSchema>;
