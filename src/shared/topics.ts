import { z } from 'zod';

/** GET /api/courses/{id}/topics: topics to suggest in the paper generators (free text is still accepted). */
export const courseTopicsResponseSchema = z.object({
  /** The topics the offline engine has questions on for the course's subject, then the course's own other topics. */
  topics: z.array(z.string()),
});
export type CourseTopicsResponse = z.infer<typeof courseTopicsResponseSchema>;
