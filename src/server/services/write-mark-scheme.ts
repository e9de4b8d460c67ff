import { eq } from 'drizzle-orm';
import { type MarkSchemeView } from '../../shared/mark-scheme-view';
import { WRITE_SCHEME_TEXT } from '../../shared/mark-scheme-view-text';
import { PRACTICE_TEXT } from '../../shared/practice-text';
import type { Db } from '../db/client';
import { markSchemePoints, questions } from '../db/schema';
import type { TypedScheme } from '../engine/grading/typed-scheme';
import { httpError } from '../http-error';
import { findQuestion, getMarkScheme, type QuestionRow } from './questions';

/** The caller's own question; 404 for anyone else's, even one they may read (a student of an assigned paper). */
export async function findOwnQuestion(db: Db, ownerId: string, questionId: string): Promise<QuestionRow> {
  const question = await findQuestion(db, ownerId, questionId);
  if (question.ownerId !== ownerId) throw httpError(404, PRACTICE_TEXT.questionNotFound);
  return question;
}

/** The marks a written scheme must cover: the file's grade of a question imported without a scheme, when above 1; else null (any). */
export function schemeGrade(question: Pick<QuestionRow, 'needsScheme' | 'totalMarks'>): number | null {
  return question.needsScheme && question.totalMarks > 1 ? question.totalMarks : null;
}

/**
 * A scheme as the owner typed it (or a draft as the form will send it), read and checked: at least one point, and
 * points covering the file's grade. 400 with the message the form shows otherwise.
 */
export async function readWrittenScheme(question: Pick<QuestionRow, 'needsScheme' | 'totalMarks'>, text: string): Promise<TypedScheme> {
  // Loaded on first use: the typed-scheme reader brings mathjs (about 70 MB resident), which the server's main
  // thread should hold only once a teacher writes or grades with a scheme (issue 29).
  const { parseTypedScheme } = await import('../engine/grading/typed-scheme');
  let scheme: TypedScheme;
  try {
    scheme = parseTypedScheme(text);
  } catch {
    throw httpError(400, WRITE_SCHEME_TEXT.noPoints);
  }
  if (scheme.points.length === 0) throw httpError(400, WRITE_SCHEME_TEXT.noPoints);
  const fileGrade = schemeGrade(question);
  if (fileGrade !== null && scheme.totalMarks < fileGrade) throw httpError(400, WRITE_SCHEME_TEXT.belowGrade(scheme.totalMarks, fileGrade));
  return scheme;
}

/**
 * PUT /api/questions/{id}/markscheme: the question's owner writes its mark scheme (one point a line, '[2]' for a point
 * worth 2 marks, read by the teacher grading's typed-scheme parser). The points replace any stored ones, as the
 * import stores them; a question imported without a scheme is then marked like any other (the flag is cleared).
 * Its marks: the file's grade when it gave one above 1 (the points must cover it), otherwise the points' total.
 * Owner only: a student of an assigned paper, like anyone else, gets 404.
 */
export async function writeMarkScheme(db: Db, ownerId: string, questionId: string, text: string): Promise<MarkSchemeView> {
  const question = await findOwnQuestion(db, ownerId, questionId);
  const scheme = await readWrittenScheme(question, text);
  const fileGrade = schemeGrade(question);
  const rules = scheme.rules.levels?.length ? { levels: scheme.rules.levels } : null;
  await db.transaction(async (tx) => {
    await tx.delete(markSchemePoints).where(eq(markSchemePoints.questionId, question.id));
    await tx.insert(markSchemePoints).values(
      scheme.points.map(({ id: pointKey, text: pointText, marks, ...details }, position) => ({
        ownerId,
        questionId: question.id,
        position,
        pointKey,
        text: pointText,
        marks,
        details,
      })),
    );
    await tx
      .update(questions)
      .set({ totalMarks: fileGrade ?? scheme.totalMarks, schemeRules: rules, needsScheme: false })
      .where(eq(questions.id, question.id));
  });
  return getMarkScheme(db, ownerId, question.id, 'scheme') as Promise<MarkSchemeView>;
}
