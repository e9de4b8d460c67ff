import { jsonSchema, zodSchema, type Schema } from 'ai';
import { z } from 'zod';

/**
 * The shapes asked of a model (structured output). They are kept to what every provider's strict
 * JSON-schema mode accepts: every property required, optional values as null, no records and no
 * numeric or length bounds (those are checked in code after parsing).
 */

export const modelNumericSchema = z.object({
  value: z.number().describe('the expected value, in `unit`'),
  tolerance: z.number().nullable().describe('relative tolerance as a fraction, e.g. 0.01 for 1%; null for the default 1%'),
  unit: z.string().nullable().describe("SI-style unit, e.g. 'J' or 'm s^-2'; null for a pure number"),
  sigFigs: z.number().nullable().describe('significant figures required, or null'),
});

export const modelMarkPointSchema = z.object({
  id: z.string().describe("short id, unique in the question, e.g. 'p1'"),
  text: z.string().describe('the point as an examiner writes it'),
  marks: z.number().describe('marks for this point, usually 1'),
  accept: z.array(z.string()).describe('other wordings that also earn the point'),
  reject: z.array(z.string()).describe('wordings that must not earn the point'),
  numeric: modelNumericSchema.nullable().describe('for a numerical final answer, the value the answer must match; otherwise null'),
});

export const modelQuestionSchema = z.object({
  text: z.string().describe('the question as simple HTML; maths in KaTeX \\( \\) or \\[ \\]'),
  type: z.enum(['essay', 'multiple_choice', 'short_answer']),
  options: z
    .array(z.object({ letter: z.string(), text: z.string() }))
    .nullable()
    .describe('multiple_choice only: 4 options lettered A to D; otherwise null'),
  correctAnswer: z.string().nullable().describe('multiple_choice only: the correct option letter; otherwise null'),
  markScheme: z.array(modelMarkPointSchema).describe('one entry per creditworthy point; the question is worth the sum of their marks'),
  modelAnswer: z.string().describe('a full-mark answer as a strong student would write it'),
  hints: z.array(z.string()).describe('2 to 4 tutor hints, from a nudge to the last step before the answer'),
});
export type ModelQuestion = z.infer<typeof modelQuestionSchema>;

export const modelPaperSchema = z.object({
  title: z.string(),
  description: z.string().describe('one sentence saying what the paper covers'),
  topic: z.string().nullable(),
  questions: z.array(modelQuestionSchema),
});
export type ModelPaper = z.infer<typeof modelPaperSchema>;

const confidenceSchema = z.enum(['high', 'medium', 'low']);

/** One point's decision, as asked of the model (every field required, as strict JSON-schema modes want). */
const pointDecisionSchema = z.object({
  point_id: z.string(),
  status: z.enum(['COVERED', 'NOT_COVERED', 'CONTRADICTED']),
  marks_awarded: z
    .number()
    .nullable()
    .describe("marks this point earns, from 0 to the point's marks (0 unless COVERED); null for indicative content under levels"),
  justification: z.string().describe('one or two sentences quoting or paraphrasing the answer'),
  evidence: z
    .string()
    .describe("the student's own words this decision rests on, copied exactly as written; empty when the answer has none"),
  confidence: confidenceSchema.describe('how sure you are of this decision'),
});

/** One point's decision as a reply is read: evidence and confidence a model left out (or mangled) are null, not a failure. */
const pointDecisionAsRead = pointDecisionSchema.extend({
  evidence: z.string().nullable().catch(null),
  confidence: confidenceSchema.nullable().catch(null),
});

const markingLevelSchema = z
  .object({
    level: z.number().describe('the level reached, 0 when nothing is creditworthy'),
    marks: z.number().describe("the marks within that level's range"),
  })
  .nullable()
  .describe('levels-of-response questions only: the level the answer reaches as a whole; otherwise null');

const markingShape = (points: typeof pointDecisionSchema | typeof pointDecisionAsRead) => ({
  points: z.array(points).describe('exactly one entry per mark-scheme point, using its id'),
  level: markingLevelSchema,
  qualitative_feedback: z.string().describe('two to four sentences of feedback to the student'),
});

const modelMarkingSchema = z.object(markingShape(pointDecisionSchema));
const modelMarkingAsRead = z.object(markingShape(pointDecisionAsRead));
export type ModelMarking = z.infer<typeof modelMarkingAsRead>;

/**
 * A schema asked of the model as `asked` (strict) but read as `read`: a field a weaker or older model leaves out
 * is filled in rather than failing the whole reply (the AI SDK validates the parsed JSON with `validate`).
 */
function askStrictReadLenient<T>(asked: z.ZodType<unknown>, read: z.ZodType<T>): Schema<T> {
  const schema = zodSchema(asked);
  return jsonSchema<T>(() => schema.jsonSchema, {
    validate: async (value) => {
      const result = await read.safeParseAsync(value);
      return result.success ? { success: true, value: result.data } : { success: false, error: result.error };
    },
  });
}

/** The marking of one answer: asked as modelMarkingSchema, read as ModelMarking. */
export const modelMarkingOutput = askStrictReadLenient(modelMarkingSchema, modelMarkingAsRead);

export const modelDocumentAnswerSchema = z.object({
  answer: z.string().describe('the answer in Markdown, citing pages as (p. N)'),
  citations: z.array(z.object({ page: z.number(), quote: z.string().describe('a short exact quote from that page') })),
});
export type ModelDocumentAnswer = z.infer<typeof modelDocumentAnswerSchema>;

export const modelGradingSchema = z.object({
  questionText: z.string().describe('the question as read from the first image'),
  answerText: z.string().describe("the student's answer as read from the second image"),
  sections: z.array(
    z.object({
      section: z.string(),
      marksAwarded: z.number().describe('marks given in this section, from 0 to its maxMarks'),
      maxMarks: z.number().describe("this section's share of the total; the sections' maxMarks add up to the total"),
      comments: z.string().describe('Markdown'),
    }),
  ),
  feedback: z.string().describe('overall feedback in Markdown'),
});
export type ModelGrading = z.infer<typeof modelGradingSchema>;

/** A photographed answer sheet read and judged against the chosen scheme's points, question by question. */
const sheetMarkingShape = (points: typeof pointDecisionSchema | typeof pointDecisionAsRead) => ({
  questionText: z.string().describe('the question paper as read from its image; empty when no question image was sent'),
  answerText: z.string().describe("the student's whole answer sheet transcribed exactly as written, spelling kept, line by line"),
  questions: z
    .array(
      z.object({
        number: z.number().describe('the question number, as listed in the mark scheme'),
        answer: z.string().describe('the part of the transcription that answers this question; empty when the sheet has none'),
        points: markingShape(points).points,
        level: markingLevelSchema,
        qualitative_feedback: z.string().describe('two to four sentences of feedback to the student on this question'),
      }),
    )
    .describe('exactly one entry per question listed, using its number'),
});

const modelSheetMarkingSchema = z.object(sheetMarkingShape(pointDecisionSchema));
const modelSheetMarkingAsRead = z.object(sheetMarkingShape(pointDecisionAsRead));
export type ModelSheetMarking = z.infer<typeof modelSheetMarkingAsRead>;

/** A marked answer sheet: asked as modelSheetMarkingSchema, read as ModelSheetMarking. */
export const modelSheetMarkingOutput = askStrictReadLenient(modelSheetMarkingSchema, modelSheetMarkingAsRead);
