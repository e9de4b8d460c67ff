import { z } from 'zod';
import { markPointSchema, questionTypeSchema, schemeRulesSchema } from './mark-scheme';
import { MAX_MARKS, GRADING_TEXT, PAPER_CODE_HINT, normalisePaperCode, ATTACH_TEXT, SCHEME_TEXT } from './teacher-text';

/** A question the grader marks against: its text and examiner's scheme, and where it came from. */
export const gradingQuestionSchema = z.object({
  /** Its number on the answer sheet (1 when the sheet answers one question). */
  number: z.number().int().min(1),
  /** Where it came from: 'bank:<id>', 'paper:<code>#<n>', 'question:<id>' or 'typed'. */
  ref: z.string(),
  text: z.string(),
  type: questionTypeSchema,
  totalMarks: z.number(),
  markScheme: z.array(markPointSchema),
  schemeRules: schemeRulesSchema.optional(),
  options: z.record(z.string(), z.string()).optional(),
  correctAnswer: z.string().optional(),
  /** A printed paper's answer key line (issue 26: a paper printed again by its code is the same paper). */
  modelAnswer: z.string().optional(),
});
export type GradingQuestion = z.infer<typeof gradingQuestionSchema>;

const imageSchema = z.string({ error: GRADING_TEXT.missingImages }).min(1, GRADING_TEXT.missingImages);

/**
 * POST /api/teacher/grade-answer: two photographed sheets (base64 JPEG or PNG, without a `data:` prefix;
 * one is tolerated) — the spec's body — and, optionally, the scheme to mark against: `paperCode` (a printed
 * practice paper; also read from the sheet's QR code), `questionId` (a question of the teacher's own, a
 * printed paper's 'MW-XXXXXX#2', or a bank question id) or `markScheme` (typed, one point a line). With one
 * of these the question image may be left out.
 */
export const gradeAnswerRequestSchema = z.object({
  questionImage: imageSchema.optional(),
  answerImage: imageSchema,
  maxMarks: z.coerce
    .number({ error: GRADING_TEXT.invalidMarks })
    .int(GRADING_TEXT.invalidMarks)
    .min(MAX_MARKS.min, GRADING_TEXT.invalidMarks)
    .max(MAX_MARKS.max, GRADING_TEXT.invalidMarks)
    .optional(),
  paperCode: z
    .string()
    .trim()
    .max(20, PAPER_CODE_HINT)
    .transform((v, ctx) => {
      if (!v) return undefined;
      const code = normalisePaperCode(v);
      if (!code) ctx.addIssue({ code: 'custom', message: PAPER_CODE_HINT });
      return code ?? undefined;
    })
    .optional(),
  questionId: z.string().trim().max(200, SCHEME_TEXT.questionNotFound).optional(),
  markScheme: z.string().max(20_000, 'A mark scheme can be at most 20,000 characters').optional(),
  /** The question's text, typed or corrected (used with `markScheme`, and instead of the OCR'd question). */
  questionText: z.string().trim().max(5000, 'A question can be at most 5,000 characters').optional(),
  /** Attach the result to a student of one of the teacher's classes at once (both together; see attachResultRequestSchema). */
  classId: z.string().trim().max(100, ATTACH_TEXT.classNotFound).optional(),
  studentId: z.string().trim().max(100, ATTACH_TEXT.studentNotFound).optional(),
});
export type GradeAnswerRequest = z.infer<typeof gradeAnswerRequestSchema>;

/**
 * POST /api/teacher/results/{id}/attach (issue 16): the result appears in the class's markbook under the
 * student. Only the class's teacher may attach, and only to a current student of it (404 otherwise).
 * DELETE /api/teacher/results/{id}/attach takes it off again.
 */
export const attachResultRequestSchema = z.object({
  classId: z.string({ error: ATTACH_TEXT.classRequired }).trim().min(1, ATTACH_TEXT.classRequired).max(100, ATTACH_TEXT.classNotFound),
  studentId: z
    .string({ error: ATTACH_TEXT.studentRequired })
    .trim()
    .min(1, ATTACH_TEXT.studentRequired)
    .max(100, ATTACH_TEXT.studentNotFound),
});
export type AttachResultRequest = z.input<typeof attachResultRequestSchema>;

/** Whom a grading result is attached to. */
export const gradingAttachmentSchema = z.object({
  classId: z.string(),
  className: z.string(),
  studentId: z.string(),
  studentName: z.string(),
  attachedAt: z.string(),
  /** The student is still in the class (a removed student's results leave the markbook at once). */
  inClass: z.boolean(),
});
export type GradingAttachment = z.infer<typeof gradingAttachmentSchema>;

/** 422 from grade-answer when no scheme was given or found: the page asks for one, with the question as read. */
export const needsSchemeResponseSchema = z.object({
  message: z.string(),
  needsScheme: z.literal(true),
  questionText: z.string(),
  answerText: z.string(),
});
export type NeedsSchemeResponse = z.infer<typeof needsSchemeResponseSchema>;

/** POST /api/teacher/results/{id}/remark: the teacher's corrected transcript, marked again against the same scheme. */
export const remarkRequestSchema = z.object({
  answerText: z
    .string()
    .trim()
    .min(1, 'Type the answer as the student wrote it.')
    .max(20_000, 'An answer can be at most 20,000 characters'),
});
export type RemarkRequest = z.infer<typeof remarkRequestSchema>;

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
  /** What it was marked against, in words: 'Paper MW-7K3QXP', 'Bank question …', 'Your mark scheme'. */
  schemeSource: z.string().nullable().optional(),
  /** The printed practice paper's code, when the sheet was one. */
  paperCode: z.string().nullable().optional(),
  /** The teacher corrected the transcript and it was marked again. */
  transcriptCorrected: z.boolean().optional(),
  /** Whether a corrected transcript can be marked again (the scheme it was marked against is kept). */
  canRemark: z.boolean().optional(),
  /** The class student it is attached to (issue 16), or null. */
  attachment: gradingAttachmentSchema.nullable().optional(),
});
export type GradingResult = z.infer<typeof gradingResultSchema>;

/** GET /api/teacher/papers: the teacher's printed practice papers. */
export const practicePaperSummarySchema = z.object({
  id: z.string(),
  code: z.string(),
  title: z.string(),
  questionCount: z.number(),
  totalMarks: z.number(),
  createdAt: z.string(),
});
export type PracticePaperSummary = z.infer<typeof practicePaperSummarySchema>;

/** GET /api/teacher/questions?q=: questions to grade against, the teacher's own first, then the bank's. */
export const questionSearchQuerySchema = z.object({ q: z.string().trim().max(200).default('') });
export const questionChoiceSchema = z.object({
  /** What to send as `questionId`. */
  id: z.string(),
  /** Plain text, cut to 200 characters. */
  text: z.string(),
  totalMarks: z.number(),
  /** 'Paper MW-7K3QXP, question 2', 'Your course Biology A-Level Practice', 'Question bank: Biology, Enzymes'. */
  source: z.string(),
});
export type QuestionChoice = z.infer<typeof questionChoiceSchema>;
