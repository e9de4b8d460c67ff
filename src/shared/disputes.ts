import { z } from 'zod';
import { DISPUTE_STATUSES } from './disputes-text';

export type DisputeStatus = (typeof DISPUTE_STATUSES)[number];

export const disputeSchema = z.object({
  id: z.string(),
  questionId: z.string(),
  courseId: z.string(),
  paperId: z.string().nullable(),
  /** The question as stored (HTML: sanitise before rendering). */
  questionText: z.string(),
  pointId: z.string(),
  pointText: z.string(),
  /** The answer text the student disputed the marking of. */
  answerText: z.string(),
  reason: z.string(),
  status: z.enum(DISPUTE_STATUSES),
  /** The resolver's comment, once resolved. */
  outcomeComment: z.string().nullable(),
  /** The wording added to the point's accepted wordings (accepted disputes). */
  acceptedWording: z.string().nullable(),
  /** The question's marks when the student disputed, and after the re-mark of an accepted dispute. */
  marksBefore: z.number().nullable(),
  marksAfter: z.number().nullable(),
  totalMarks: z.number(),
  /** Whether the caller may accept or reject it: the question's owner (a student's own question, or the teacher of a class the paper is assigned to). */
  canResolve: z.boolean(),
  /** Who disputed, when it is not the caller: a student of the caller's class (issue 16). */
  studentName: z.string().nullable().optional(),
  createdAt: z.string(),
  resolvedAt: z.string().nullable(),
});
export type Dispute = z.infer<typeof disputeSchema>;

export const resolveDisputeRequestSchema = z.object({
  accept: z.boolean({ error: 'accept must be true or false' }),
  comment: z.string({ error: 'The comment must be text' }).trim().max(1000, 'Keep the comment under 1000 characters').optional(),
  /** The wording to accept; without it, the sentence of the student's answer closest to the point. */
  wording: z.string({ error: 'The wording must be text' }).trim().max(500, 'Keep the wording under 500 characters').optional(),
});
export type ResolveDisputeRequest = z.input<typeof resolveDisputeRequestSchema>;
