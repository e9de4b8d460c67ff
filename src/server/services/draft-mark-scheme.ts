import { eq } from 'drizzle-orm';
import type { MarkPoint, SchemeRules } from '../../shared/mark-scheme';
import { type SchemeDraftResponse } from '../../shared/mark-scheme-view';
import { WRITE_SCHEME_TEXT } from '../../shared/mark-scheme-view-text';
import type { Db } from '../db/client';
import { courses } from '../db/schema';
import { engineError, type Engine } from '../engine/engine';
import { httpError } from '../http-error';
import { findOwnQuestion, readWrittenScheme, schemeGrade } from './write-mark-scheme';

/** Starts of a line the typed-scheme reader takes for something other than a point's words. */
const READ_AS_RULE = /^(?:(?:M|A|B)\d{1,2}\b|level\s*\d|(?:accept|allow|reject|do not accept|ignore))/i;
/** A bullet or numbering in front ('- ', '2. ', 'b) '), which the reader drops. */
const LEADING_BULLET = /^(?:[-*•·]|\d{1,2}[.)]|\(?[a-z]\))\s+/i;
/** Marks written at the end of a line: '[2]', '(2 marks)'. */
const TRAILING_MARKS = /\s*[[(]\s*\d{1,2}\s*(?:marks?)?\s*[\])]\s*$/i;

/** A point's words as its line carries them: without a bullet in front or marks at the end (the line gives its own). */
export function pointLineText(text: string): string {
  return text.replace(LEADING_BULLET, '').replace(TRAILING_MARKS, '').trim();
}

/** A wording in an 'accept:' or 'reject:' line, where ';' and ' / ' separate wordings. */
const wording = (text: string) => text.replace(/;/g, ',').replace(/\s+\/\s+/g, ' or ');

/**
 * A scheme as the teacher's form writes it, for the typed-scheme reader (engine/grading/typed-scheme.ts) to read
 * back: one point a line with its marks ('[2]'), 'accept:' / 'reject:' lines under it, then the levels
 * ('Level 2 (3-4 marks): …'). A bullet or numbering the model put in front of a point is dropped, and a point whose
 * words would read as something else ('Level 1…', 'accept…', 'M1…') is written 'B2 …'.
 */
export function formatTypedScheme(points: MarkPoint[], rules: SchemeRules): string {
  const lines: string[] = [];
  for (const p of points) {
    const text = pointLineText(p.text);
    lines.push(READ_AS_RULE.test(text) ? `B${p.marks} ${text}` : `${text} [${p.marks}]`);
    if (p.accept.length) lines.push(`accept: ${p.accept.map(wording).join('; ')}`);
    if (p.reject.length) lines.push(`reject: ${p.reject.map(wording).join('; ')}`);
  }
  for (const l of rules.levels ?? []) lines.push(`Level ${l.level} (${l.min_marks}-${l.max_marks} marks): ${l.descriptor}`);
  return lines.join('\n');
}

/**
 * POST /api/questions/{id}/markscheme/draft: the school's AI provider drafts a mark scheme for the owner's question,
 * returned as the form's text and never saved (the owner edits it and saves it with the PUT). The draft is checked
 * by the engine (marks adding up to the question's, sound levels) and then, as the text the form will send, by the
 * PUT's own reader: a draft the PUT would refuse or read differently is not offered. Owner only (404 for others);
 * without a provider, 422 with a message saying drafting needs one.
 */
export async function draftMarkScheme(db: Db, engine: Engine, ownerId: string, questionId: string): Promise<SchemeDraftResponse> {
  const question = await findOwnQuestion(db, ownerId, questionId);
  if (!engine.draftMarkScheme) throw httpError(422, WRITE_SCHEME_TEXT.draftOffline);
  const [course] = await db.select({ subject: courses.subject }).from(courses).where(eq(courses.id, question.courseId));
  const draft = await engine.draftMarkScheme({
    question,
    subject: course?.subject ?? null,
    // a question imported without a scheme: its file's grade, if any; a question with a scheme: its marks
    totalMarks: question.needsScheme ? schemeGrade(question) : question.totalMarks,
  });
  const text = formatTypedScheme(draft.points, draft.rules);
  let readBack;
  try {
    readBack = await readWrittenScheme(question, text);
  } catch (error) {
    throw unusable(draft.by, error instanceof Error ? error.message : String(error));
  }
  const same =
    readBack.totalMarks === draft.totalMarks &&
    readBack.points.length === draft.points.length &&
    readBack.points.every((p, i) => p.text === pointLineText(draft.points[i].text) && p.marks === draft.points[i].marks);
  if (!same) throw unusable(draft.by, 'it could not be written as one point a line');
  return { text, totalMarks: draft.totalMarks, draftedBy: draft.by };
}

function unusable(by: string, reason: string) {
  return engineError(
    'UNAVAILABLE',
    `The mark scheme ${by} drafted cannot be used: ${reason}. Nothing was saved: try again, or write the scheme yourself.`,
  );
}
