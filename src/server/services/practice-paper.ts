import { randomInt } from 'node:crypto';
import { type GradingQuestion } from '../../shared/teacher';
import { PAPER_CODE_ALPHABET } from '../../shared/teacher-text';
import type { PracticePaperRequest, PracticePaperResponse } from '../../shared/practice-paper';
import type { Db } from '../db/client';
import { practicePapers } from '../db/schema';
import type { Engine, GeneratedPaper } from '../engine/engine';
import { toGradingQuestion } from '../engine/grading/grading-question';
import { stampPaperIdentity } from '../engine/paper-identity';
import { renderPracticePaperPdf } from '../engine/render-practice-paper-pdf';

function newPaperCode(): string {
  let code = 'MW-';
  for (let i = 0; i < 6; i++) code += PAPER_CODE_ALPHABET[randomInt(PAPER_CODE_ALPHABET.length)];
  return code;
}

function toGradingQuestions(paper: GeneratedPaper): GradingQuestion[] {
  return paper.questions.map((q, i) => toGradingQuestion(q, i + 1, q.sourceId ? `bank:${q.sourceId}` : `question ${i + 1}`));
}

/** Keeps the paper for its owner under a new short code (a clash of codes draws another). */
async function storePaper(db: Db, ownerId: string, paper: GeneratedPaper, input: PracticePaperRequest): Promise<string> {
  for (let attempt = 0; ; attempt++) {
    const code = newPaperCode();
    const rows = await db
      .insert(practicePapers)
      .values({
        ownerId,
        code,
        title: `${input.subject}: ${paper.topic?.trim() || input.topic}`,
        subject: input.subject,
        topic: paper.topic?.trim() || input.topic,
        difficultyLevel: input.difficultyLevel,
        questions: toGradingQuestions(paper),
        generatedBy: paper.generatedBy,
      })
      .onConflictDoNothing({ target: practicePapers.code })
      .returning({ code: practicePapers.code });
    if (rows.length) return code;
    if (attempt > 5) throw new Error('could not draw a free paper code');
  }
}

export type PracticePaperOutcome = { kind: 'html'; body: PracticePaperResponse } | { kind: 'pdf'; filename: string; pdf: Buffer };

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
    const pdf = await renderPracticePaperPdf(paper, request, code);
    return { kind: 'pdf', filename: filename.replace(/\.html$/, '.pdf'), pdf };
  }
  return { kind: 'html', body: { filename, html: code ? stampPaperIdentity(html, code) : html } };
}
