import { z } from 'zod';

/** GET /api/courses/{id}/topics: topics to suggest in the paper generators (free text is still accepted). */
export const courseTopicsResponseSchema = z.object({
  /** The topics the offline engine has questions on for the course's subject, then the course's own other topics. */
  topics: z.array(z.string()),
});
export type CourseTopicsResponse = z.infer<typeof courseTopicsResponseSchema>;

/** POST /api/topics/match {subject, topic}: what a typed topic will be taken as, asked before generating (issue 27). */
export const topicMatchRequestSchema = z.object({
  subject: z
    .string({ error: 'Please enter a subject' })
    .trim()
    .min(1, 'Please enter a subject')
    .max(80, 'A subject can be at most 80 characters'),
  topic: z
    .string({ error: 'Please enter a topic' })
    .trim()
    .min(1, 'Please enter a topic')
    .max(120, 'A topic can be at most 120 characters'),
});

export const topicMatchSchema = z.object({
  /**
   * exact: one of the subject's topics as named; near: the paper will be on `topic`, a topic of another name (a
   * misspelling, or a part of it such as 'enzymes'); unknown: no topic is close, so generating is refused;
   * open: the engine writes on any topic (an AI provider), nothing to check.
   */
  status: z.enum(['exact', 'near', 'unknown', 'open']),
  /** The topic the paper will be on (exact and near). */
  topic: z.string().nullable(),
  /** The typed text with its spelling corrected ('Photosynthesis' for 'photosynthsis'), when it differs. */
  suggestion: z.string().nullable(),
  /** Unknown: why, in the student's words, with the topics there are. */
  message: z.string().nullable(),
});
export type TopicMatch = z.infer<typeof topicMatchSchema>;

/** GET /api/subjects: what the New Course card says before the student types (issue 27). */
export const subjectsResponseSchema = z.object({
  /** Subjects that work offline (the built-in question bank's). */
  offline: z.array(z.string()),
  /** The school's AI provider when one is configured (it writes other subjects), else null. */
  provider: z.string().nullable(),
});
export type SubjectsResponse = z.infer<typeof subjectsResponseSchema>;
