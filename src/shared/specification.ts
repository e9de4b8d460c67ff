import { z } from 'zod';

/**
 * Exam boards and their specification points (issue 31). A course chooses its board; every bank question is
 * tagged with the points it examines on each board it fits (content/specifications/, docs/question-bank-format.md).
 */

export const BOARD_IDS = ['aqa', 'ocr-a', 'edexcel'] as const;
export const boardIdSchema = z.enum(BOARD_IDS, { error: 'Exam board must be aqa, ocr-a or edexcel' });
export type BoardId = z.infer<typeof boardIdSchema>;

export const SPECIFICATION_TEXT = {
  chooseBoard: 'Choose your exam board to see its specification.',
  noSpecification: (subject: string) =>
    `Markwell has no exam board specification for ${subject} yet. Biology, Chemistry, Economics, Mathematics, Physics and Psychology have AQA, OCR and Pearson Edexcel.`,
  boardUnknown: (subject: string, board: string) => `Markwell has no ${board} specification for ${subject}.`,
  boardNeeded: 'Choose your exam board on the Specification page before practising specification points.',
  pointsUnknown: (refs: string[]) => `These are not points of your board's specification: ${refs.join(', ')}`,
  noQuestions: 'The question bank has no questions on these specification points yet. Choose other points.',
  specPointsTooMany: 'Choose at most 20 specification points',
} as const;

/** A board as the course page offers it. */
export const boardSchema = z.object({
  id: boardIdSchema,
  /** 'AQA', 'OCR A', 'Pearson Edexcel'. */
  name: z.string(),
  /** The board's specification code, e.g. '7402'. */
  code: z.string(),
  /** The qualification, e.g. 'A-level Biology'. */
  title: z.string(),
});
export type Board = z.infer<typeof boardSchema>;

export const specificationPointSchema = z.object({
  /** The board's own numbering, e.g. '3.1.4' or 'B7-B9'. */
  ref: z.string(),
  /** Our short title (never the board's wording). */
  title: z.string(),
  /** Bank questions tagged with this point. */
  questions: z.number().int(),
  /** The student's marked answers on this course to questions of this point, and their marks. */
  marked: z.number().int(),
  marksAwarded: z.number(),
  totalMarks: z.number(),
  /** Marks awarded over marks available, in percent (one decimal), or null before any answer is marked. */
  mastery: z.number().nullable(),
});
export type SpecificationPoint = z.infer<typeof specificationPointSchema>;

/** GET /api/courses/{id}/specification[?board=aqa]: the course board's points with question counts and mastery. */
export const courseSpecificationSchema = z.object({
  subject: z.string(),
  /** The board shown: ?board=, else the course's own, else null (choose one of `boards`). */
  board: boardSchema.nullable(),
  /** The course's saved board, or null. */
  courseBoard: boardIdSchema.nullable(),
  /** The caller owns the course and may choose its board (a class student reads their teacher's). */
  canChooseBoard: z.boolean(),
  /** Boards with a specification for the course's subject ([] when Markwell has none). */
  boards: z.array(boardSchema),
  sections: z.array(
    z.object({
      ref: z.string(),
      title: z.string(),
      points: z.array(specificationPointSchema),
    }),
  ),
});
export type CourseSpecification = z.infer<typeof courseSpecificationSchema>;

export const specificationQuerySchema = z.object({ board: boardIdSchema.optional() });

/** PATCH /api/courses/{id}: the course's exam board (null to clear it). */
export const updateCourseRequestSchema = z.object({ board: boardIdSchema.nullable() });

/** Paper generation's optional `specPoints`: refs of the course board's points. */
export const specPointsSchema = z
  .array(z.string().trim().min(1).max(20))
  .min(1, 'Choose at least one specification point')
  .max(20, SPECIFICATION_TEXT.specPointsTooMany);
