import { z } from 'zod';
import { TEACHER_DECISIONS } from './self-assessment-text';

/** The teacher's decision on a self-assessed point: kept on the same entry. */
export const teacherDecisionSchema = z.object({
  decision: z.enum(TEACHER_DECISIONS),
  /** The point's marks after the decision: the student's own when confirmed, the teacher's when overridden. */
  marks_awarded: z.number().min(0),
  at: z.string(),
});

/** One self-assessed point of the stored feedback (issue 24). */
export const selfAssessmentSchema = z.object({
  point_id: z.string(),
  /** The marks the student gave themselves for the point: 0 or the point's marks. */
  marks_awarded: z.number().min(0),
  at: z.string(),
  teacher: teacherDecisionSchema.optional(),
});
export type SelfAssessment = z.infer<typeof selfAssessmentSchema>;

const marksAwarded = z
  .number({ error: 'marks_awarded must be a number of marks' })
  .int('marks_awarded must be a whole number of marks')
  .min(0, 'marks_awarded cannot be negative')
  .max(10, 'marks_awarded is more than any point is worth');

/** POST /api/questions/{id}/self-assessment: the student marks a point the marker was not sure of. */
export const selfAssessRequestSchema = z.object({
  point_id: z.string({ error: 'point_id is required' }).min(1, 'point_id is required').max(40, 'point_id is too long'),
  marks_awarded: marksAwarded,
});
export type SelfAssessRequest = z.infer<typeof selfAssessRequestSchema>;

/**
 * POST /api/classes/{id}/students/{userId}/answers/{questionId}/self-assessments/{pointId} (the class teacher):
 * confirm the student's mark, or override it with `marks_awarded` (0..the point's marks).
 */
export const teacherSelfAssessmentRequestSchema = z.object({
  decision: z.enum(TEACHER_DECISIONS, { error: "decision must be 'confirmed' or 'overridden'" }),
  marks_awarded: marksAwarded.optional(),
});
export type TeacherSelfAssessmentRequest = z.infer<typeof teacherSelfAssessmentRequestSchema>;
