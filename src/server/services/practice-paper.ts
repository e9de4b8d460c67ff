import { randomInt } from 'node:crypto';
import { type GradingQuestion } from '../../shared/teacher';
import { PAPER_CODE_ALPHABET } from '../../shared/teacher-text';
import { PRACTICE_PAPER_TEXT } from '../../shared/practice-paper-text';
import type { PracticePaperRequest, PracticePaperResponse } from '../../shared/practice-paper';
import { and, eq } from 'drizzle-orm';
import { normalisePaperCode } from '../../shared/teacher-text';
import type { Db } from '../db/client';
import { httpError } from '../http-error';
import { practicePapers } from '../db/schema';
import type { Engine, GeneratedPaper } from '../engine/engine';
import { toGradingQuestion } from '../engine/grading/grading-question';
import type { renderPracticePaperPdf } from '../engine/render-practice-paper-pdf';

type RenderPracticePaperPdf = typeof renderPracticePaperPdf;

/**
 * The paper as a PDF. pdfkit and the QR code writer (about 30 MB resident) are loaded on the first printed paper,
 * not when the server starts (issue 29).
 */
async function renderPracticePaper(...args: Parameters<RenderPracticePaperPdf>): ReturnType<RenderPracticePaperPdf> {
  return (await import('../engine/render-practice-paper-pdf')).renderPracticePaperPdf(...args);
}

function newPaperCode(): string {
  let code = 'MW-';
  for (let i = 0; i < 6; i++) code += PAPER_CODE_ALPHABET[randomInt(PAPER_CODE_ALPHABET.length)];
  return code;
}

function toGradingQuestions(paper: GeneratedPaper): GradingQuestion[] {
  return paper.questions.map((q, i) => toGradingQuestion(q, i + 1, q.sourceId ? `bank:${q.sourceId}` : `question ${i + 1}`));
}

/** The stored fields of a printed paper, besides its owner and code. */
export type PrintedPaperValues = Omit<typeof practicePapers.$inferInsert, 'id' | 'ownerId' | 'code' | 'createdAt'>;

/** Keeps a printed paper for its owner under a new short code (a clash of codes draws another). */
export async function storePrintedPaper(db: Db, ownerId: string, values: PrintedPaperValues): Promise<string> {
  for (let attempt = 0; ; attempt++) {
    const code = newPaperCode();
    const rows = await db
      .insert(practicePapers)
      .values({ ...values, ownerId, code })
      .onConflictDoNothing({ target: practicePapers.code })
      .returning({ code: practicePapers.code });
    if (rows.length) return code;
    if (attempt > 5) throw new Error('could not draw a free paper code');
  }
}

function storePaper(db: Db, ownerId: string, paper: GeneratedPaper, input: PracticePaperRequest): Promise<string> {
  return storePrintedPaper(db, ownerId, {
    title: `${input.subject}: ${paper.topic?.trim() || input.topic}`,
    subject: input.subject,
    topic: paper.topic?.trim() || input.topic,
    difficultyLevel: input.difficultyLevel,
    questions: toGradingQuestions(paper),
    generatedBy: paper.generatedBy,
    note: paper.note?.trim() || null,
  });
}

export type PracticePaperOutcome =
  { kind: 'html'; body: PracticePaperResponse } | { kind: 'pdf'; filename: string; pdf: Buffer; code: string | null };

/**
 * §7 POST /api/generate-custom-pdf: a complete printable HTML practice paper (the client opens it in a
 * new window and prints it), with the answer key and mark scheme for teachers when asked. The paper is
 * kept for its owner with a short code, printed with a QR code on every page, so that photographed
 * answers can be marked against its own schemes. With `format: 'pdf'` the same paper as a PDF file.
 */
export async function generatePracticePaper(
  db: Db,
  engine: Engine,
  ownerId: string,
  input: PracticePaperRequest & { format?: 'html' | 'pdf' },
): Promise<PracticePaperOutcome> {
  const { format, ...request } = input;
  const { filename, html, paper } = await engine.practicePaper(request);
  const code = paper ? await storePaper(db, ownerId, paper, request) : null;
  if (format === 'pdf' && paper) {
    const pdf = await renderPracticePaper(paper, request, code);
    return { kind: 'pdf', filename: filename.replace(/\.html$/, '.pdf'), pdf, code };
  }
  const stamped = code ? (await import('../engine/paper-identity')).stampPaperIdentity(html, code) : html;
  return { kind: 'html', body: { filename, html: stamped, ...(code ? { code } : {}) } };
}

/**
 * GET /api/practice-papers/{code}/pdf (issue 26): one of the caller's printed papers again, by its code, with the
 * same questions and values: the student copy, or with the answer key and/or the mark scheme.
 */
export async function reprintPracticePaper(
  db: Db,
  ownerId: string,
  code: string,
  include: { answers: boolean; scheme: boolean },
): Promise<{ filename: string; pdf: Buffer }> {
  const normalised = normalisePaperCode(code);
  const [row] = normalised
    ? await db
        .select()
        .from(practicePapers)
        .where(and(eq(practicePapers.ownerId, ownerId), eq(practicePapers.code, normalised)))
    : [];
  if (!row) throw httpError(404, PRACTICE_PAPER_TEXT.notYours);
  const paper: GeneratedPaper = {
    title: row.title,
    description: '',
    topic: row.topic,
    difficultyLevel: row.difficultyLevel,
    generatedBy: row.generatedBy ?? 'Markwell',
    ...(row.note ? { note: row.note } : {}),
    questions: row.questions.map((q) => ({
      text: q.text,
      type: q.type,
      totalMarks: q.totalMarks,
      markScheme: q.markScheme,
      hints: [],
      ...(q.schemeRules ? { schemeRules: q.schemeRules } : {}),
      ...(q.options ? { options: q.options } : {}),
      ...(q.correctAnswer ? { correctAnswer: q.correctAnswer } : {}),
      ...(q.modelAnswer ? { modelAnswer: q.modelAnswer } : {}),
    })),
  };
  const request = {
    subject: row.subject,
    topic: row.topic,
    questionCount: row.questions.length,
    difficultyLevel: row.difficultyLevel as PracticePaperRequest['difficultyLevel'],
    includeAnswers: include.answers,
    includeMarkScheme: include.scheme,
  };
  const pdf = await renderPracticePaper(paper, request, row.code);
  const suffix = [include.answers ? 'answers' : '', include.scheme ? 'scheme' : ''].filter(Boolean).join('-');
  return { filename: `${row.code.toLowerCase()}${suffix ? `-with-${suffix}` : ''}.pdf`, pdf };
}
