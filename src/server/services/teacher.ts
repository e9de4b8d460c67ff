import { desc, eq } from 'drizzle-orm';
import { GRADING_IMAGE_MAX_BYTES } from '../../shared/limits';
import { GRADING_TEXT, type GradeAnswerRequest, type GradingResult } from '../../shared/teacher';
import type { Db } from '../db/client';
import { gradingResults } from '../db/schema';
import type { Engine } from '../engine/engine';
import { httpError } from '../http-error';
import { decodeUpload, detectImage } from './uploads';

type GradingRow = typeof gradingResults.$inferSelect;

function toGradingResult(row: GradingRow): GradingResult {
  return {
    id: row.id,
    marksAwarded: row.marksAwarded,
    totalMarks: row.totalMarks,
    feedback: row.feedback,
    detailedBreakdown: row.detailedBreakdown,
    questionText: row.questionText,
    answerText: row.answerText,
    gradedBy: row.markedBy,
    createdAt: row.createdAt.toISOString(),
  };
}

/** A photographed sheet: at most 10MB (413), and a complete JPEG or PNG (400) before any reader sees it. */
function decodeSheet(data: string, which: string): Buffer {
  const bytes = decodeUpload(data, {
    maxBytes: GRADING_IMAGE_MAX_BYTES,
    tooLarge: GRADING_TEXT.tooLarge,
    invalid: GRADING_TEXT.unreadableImage(which),
  });
  if (!detectImage(bytes)) throw httpError(400, GRADING_TEXT.unreadableImage(which));
  return bytes;
}

/** §7 POST /api/teacher/grade-answer: the engine grades the answer sheet against the question out of maxMarks; the result is kept for its owner. */
export async function gradeAnswer(db: Db, engine: Engine, ownerId: string, input: GradeAnswerRequest): Promise<GradingResult> {
  const questionImage = decodeSheet(input.questionImage, 'question paper image');
  const answerImage = decodeSheet(input.answerImage, 'answer sheet image');
  const result = await engine.gradeHandwritten({ questionImage, answerImage, maxMarks: input.maxMarks });
  const [row] = await db
    .insert(gradingResults)
    .values({
      ownerId,
      marksAwarded: result.marksAwarded,
      totalMarks: result.totalMarks,
      feedback: result.feedback,
      detailedBreakdown: result.detailedBreakdown,
      questionText: result.questionText,
      answerText: result.answerText,
      markedBy: result.by,
    })
    .returning();
  return toGradingResult(row);
}

/** The student's grading results, newest first. */
export async function listGradingResults(db: Db, ownerId: string): Promise<GradingResult[]> {
  const rows = await db.select().from(gradingResults).where(eq(gradingResults.ownerId, ownerId)).orderBy(desc(gradingResults.createdAt));
  return rows.map(toGradingResult);
}
