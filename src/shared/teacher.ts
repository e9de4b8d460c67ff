import { z } from 'zod';
import { GRADING_IMAGE_MAX_BYTES } from './limits';

/** §9 Maximum marks input. */
export const MAX_MARKS = { min: 1, max: 100, default: 10 } as const;

/** §2 Teacher grading, §5 validation and §8 error texts of the grading call. */
export const GRADING_TEXT = {
  missingImagesTitle: 'Missing Images',
  missingImages: 'Please upload both the question paper image and the answer sheet image.',
  invalidMarksTitle: 'Invalid Marks',
  invalidMarks: `Maximum marks must be between ${MAX_MARKS.min} and ${MAX_MARKS.max}.`,
  invalidFileTitle: 'Invalid File',
  invalidFile: 'Please upload an image file (JPG, PNG, etc.)',
  tooLargeTitle: 'File Too Large',
  tooLarge: `Please upload an image smaller than ${GRADING_IMAGE_MAX_BYTES / (1024 * 1024)}MB`,
  /** The image named (question paper image / answer sheet image) is not an image the server can read. */
  unreadableImage: (which: string) => `The ${which} could not be read as a JPG or PNG image. Please upload an image file (JPG, PNG, etc.)`,
  gradingFailed: 'Failed to grade the answer. Please try again.',
} as const;

const imageSchema = z.string({ error: GRADING_TEXT.missingImages }).min(1, GRADING_TEXT.missingImages);

/** POST /api/teacher/grade-answer: two photographed sheets (base64 JPEG or PNG, without a `data:` prefix; one is tolerated). */
export const gradeAnswerRequestSchema = z.object({
  questionImage: imageSchema,
  answerImage: imageSchema,
  maxMarks: z.coerce
    .number({ error: GRADING_TEXT.invalidMarks })
    .int(GRADING_TEXT.invalidMarks)
    .min(MAX_MARKS.min, GRADING_TEXT.invalidMarks)
    .max(MAX_MARKS.max, GRADING_TEXT.invalidMarks)
    .default(MAX_MARKS.default),
});
export type GradeAnswerRequest = z.infer<typeof gradeAnswerRequestSchema>;

export const gradingSectionSchema = z.object({
  section: z.string(),
  marksAwarded: z.number(),
  maxMarks: z.number(),
  /** HTML; sanitised by the client before it is shown. */
  comments: z.string(),
});

/** §3 Grading result, as stored for its owner. */
export const gradingResultSchema = z.object({
  id: z.string(),
  marksAwarded: z.number(),
  totalMarks: z.number(),
  /** HTML; sanitised by the client before it is shown. */
  feedback: z.string(),
  detailedBreakdown: z.array(gradingSectionSchema),
  /** What was read from the two images. */
  questionText: z.string().nullable(),
  answerText: z.string().nullable(),
  /** The engine that graded, e.g. 'the built-in marker (OCR by Tesseract)' or a model name. */
  gradedBy: z.string().nullable(),
  createdAt: z.string(),
});
export type GradingResult = z.infer<typeof gradingResultSchema>;
