import { z } from 'zod';

/** GET /api/analytics/predictions: §3 Prediction per subject, computed on the server (issue 13). */
export const subjectPredictionSchema = z.object({
  subject: z.string(),
  status: z.enum(['predicted', 'too-few']),
  markedAnswers: z.number().int(),
  /** "Not enough answers yet (3 of 5)" when there is no prediction. */
  message: z.string().nullable(),
  predictedScore: z.number().nullable(),
  low: z.number().nullable(),
  high: z.number().nullable(),
  grade: z.string().nullable(),
  grades: z.string().nullable(),
  confidenceLevel: z.number(),
  readinessScore: z.number(),
  /** Hours (§3): 10 below 70%, else 5. */
  recommendedStudyTime: z.number(),
  currentPerformance: z.number(),
  improvementNeeded: z.number(),
  weakTopics: z.array(z.string()),
  strongTopics: z.array(z.string()),
});
export type SubjectPredictionDto = z.infer<typeof subjectPredictionSchema>;
export const predictionsResponseSchema = z.array(subjectPredictionSchema);
