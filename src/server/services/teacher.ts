import { and, desc, eq, ilike, inArray, sql } from 'drizzle-orm';
import { GRADING_IMAGE_MAX_BYTES } from '../../shared/limits';
import {
  type AttachResultRequest,
  type GradeAnswerRequest,
  type GradingAttachment,
  type GradingQuestion,
  type GradingResult,
  type NeedsSchemeResponse,
  type PracticePaperSummary,
  type QuestionChoice,
  type RemarkRequest,
} from '../../shared/teacher';
import { ATTACH_TEXT, GRADING_TEXT, MAX_MARKS_TEXT, SCHEME_TEXT, normalisePaperCode, typedSchemeHasMarks } from '../../shared/teacher-text';
import type { Db } from '../db/client';
import { classes, courses, gradingResults, practicePapers, questions as questionRows, users } from '../db/schema';
import type { Engine, GradedPages, PagesRead, PagesScheme, SchemeQuestion } from '../engine/engine';
import { presentGrading } from '../engine/grading/present-grading';
import { toGradingQuestion } from '../engine/grading/grading-question';
import type { ToolRunner } from '../engine/tools/tool-calls';
import type { TypedScheme } from '../engine/grading/typed-scheme';
import { htmlToText } from '../engine/text/html-to-text';
import { httpError } from '../http-error';
import { findClassStudent, findTaughtClass } from './classes';
import { isUuid } from './ids';
import { findQuestion, questionForMarking } from './questions';
import { decodeUpload, detectImage } from './uploads';

type GradingRow = typeof gradingResults.$inferSelect;

function toGradingResult(row: GradingRow, paperCode: string | null = null, attachment: GradingAttachment | null = null): GradingResult {
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
    schemeSource: row.schemeSource,
    paperCode,
    transcriptCorrected: row.transcriptCorrected,
    canRemark: Boolean(row.questions?.length),
    attachment,
  };
}

/** Whom each of the teacher's results is attached to: the class, the student's name, and whether they are still in it. */
async function attachmentsOf(db: Db, rows: GradingRow[]): Promise<Map<string, GradingAttachment>> {
  const attached = rows.filter((r) => r.classId && r.studentId);
  const found = new Map<string, GradingAttachment>();
  if (attached.length === 0) return found;
  const people = await db
    .select({
      id: gradingResults.id,
      classId: classes.id,
      className: classes.name,
      studentId: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      username: users.username,
      inClass: sql<boolean>`exists (select 1 from class_members m where m.class_id = ${classes.id} and m.user_id = ${users.id})`,
    })
    .from(gradingResults)
    .innerJoin(classes, and(eq(classes.id, gradingResults.classId), eq(classes.teacherId, gradingResults.ownerId)))
    .innerJoin(users, eq(users.id, gradingResults.studentId))
    .where(
      inArray(
        gradingResults.id,
        attached.map((r) => r.id),
      ),
    );
  for (const p of people) {
    const row = attached.find((r) => r.id === p.id);
    found.set(p.id, {
      classId: p.classId,
      className: p.className,
      studentId: p.studentId,
      studentName: [p.firstName, p.lastName].filter(Boolean).join(' ').trim() || p.username,
      attachedAt: (row?.attachedAt ?? row?.createdAt ?? new Date()).toISOString(),
      inClass: Boolean(p.inClass),
    });
  }
  return found;
}

/** The class student a result is to be attached to: the class first (404 unless the caller teaches it), then the student (400 without one, 404 unless a current member). */
async function attachTarget(db: Db, teacherId: string, input: { classId?: string; studentId?: string }) {
  if (!input.classId) throw httpError(400, ATTACH_TEXT.classRequired);
  if (!input.studentId) {
    await findTaughtClass(db, teacherId, input.classId);
    throw httpError(400, ATTACH_TEXT.studentRequired);
  }
  const { classRow, student } = await findClassStudent(db, teacherId, input.classId, input.studentId);
  return { classId: classRow.id, studentId: student.userId };
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

/** How the answer was graded: against the questions (with their numbers on the sheet), or ask for a scheme. */
interface Scheme {
  questions: GradingQuestion[];
  source: string;
  paperId: string | null;
  paperCode: string | null;
  /** A printed paper of ours: the lines it carries beside its questions (its title); its print is never an answer. */
  printed?: string[];
}

function numbered(question: SchemeQuestion, number = 1): GradingQuestion {
  return { ...question, number };
}

async function ownPaperByCode(db: Db, ownerId: string, code: string) {
  const [paper] = await db
    .select()
    .from(practicePapers)
    .where(and(eq(practicePapers.ownerId, ownerId), eq(practicePapers.code, code)));
  if (!paper) throw httpError(404, SCHEME_TEXT.paperNotFound(code));
  return paper;
}

/** The lines a printed paper carries besides its questions (render-practice-paper-pdf.ts): its title. */
export function printedLines(paper: { title: string; subject: string; topic: string }): string[] {
  return [paper.title, `${paper.subject}: ${paper.topic}`];
}

/** `questionId`: a printed paper's 'MW-XXXXXX#n', a question of the teacher's own courses (a uuid), or a bank id. */
async function schemeForQuestionId(db: Db, tools: ToolRunner, ownerId: string, questionId: string): Promise<Scheme> {
  const paperRef = /^(.+?)#(\d{1,2})$/.exec(questionId);
  const code = paperRef && normalisePaperCode(paperRef[1]);
  if (paperRef && code) {
    const paper = await ownPaperByCode(db, ownerId, code);
    const q = paper.questions.find((x) => x.number === Number(paperRef[2]));
    if (!q) throw httpError(404, SCHEME_TEXT.questionNotFound);
    return {
      questions: [{ ...q, number: 1 }],
      source: `Paper ${code}, question ${q.number}`,
      paperId: paper.id,
      paperCode: code,
      printed: printedLines(paper),
    };
  }
  if (isUuid(questionId)) {
    const row = await findQuestion(db, ownerId, questionId).catch(() => {
      throw httpError(404, SCHEME_TEXT.questionNotFound);
    });
    const q = await questionForMarking(db, row);
    return {
      questions: [toGradingQuestion(q, 1, `question:${row.id}`)],
      source: `Your question ${row.questionNumber} (${htmlToText(row.text).slice(0, 60)})`,
      paperId: null,
      paperCode: null,
    };
  }
  const found = await tools.run('findQuestion', { id: questionId });
  if (!found) throw httpError(404, SCHEME_TEXT.questionNotFound);
  return { questions: [numbered(found.question)], source: `Bank question ${questionId}`, paperId: null, paperCode: null };
}

/** The questions of the teacher's recent printed papers, for matching a photographed question. */
async function ownCandidates(db: Db, ownerId: string): Promise<SchemeQuestion[]> {
  const papers = await db
    .select({ code: practicePapers.code, questions: practicePapers.questions })
    .from(practicePapers)
    .where(eq(practicePapers.ownerId, ownerId))
    .orderBy(desc(practicePapers.createdAt))
    .limit(50);
  return papers.flatMap((p) => p.questions.map(({ number, ...q }) => ({ ...q, ref: `paper:${p.code}#${number}` })));
}

/** The scheme as the pipeline marks against it (its questions and a printed paper's print). */
function pagesScheme(scheme: Scheme): PagesScheme {
  return { questions: scheme.questions, printed: scheme.printed ?? null };
}

/** A graded result in the teacher's words (grading/present-grading.ts), against `scheme`. */
function present(engine: Engine, scheme: Scheme, graded: GradedPages, lowConfidence: boolean) {
  return presentGrading({
    questions: scheme.questions,
    graded: graded.questions,
    source: scheme.source,
    readBy: graded.readBy,
    lowConfidence,
    engineLabel: engine.info.label,
  });
}

function preview(text: string): string {
  return text.replace(/\s+/g, ' ').trim().slice(0, 160);
}

/** The scheme the teacher chose: a typed one, a paper by its code, or a question by id; null when none was chosen. */
async function chosenScheme(db: Db, tools: ToolRunner, ownerId: string, input: GradeAnswerRequest): Promise<Scheme | null> {
  if (input.markScheme !== undefined && !input.markScheme.trim()) throw httpError(400, SCHEME_TEXT.emptyScheme);
  if (input.markScheme) {
    // Loaded on first use: the typed-scheme reader brings mathjs into the main thread (issue 29).
    const { parseTypedScheme, unmarkedSchemeOutOf } = await import('../engine/grading/typed-scheme');
    let typed: TypedScheme | null = parseTypedScheme(input.markScheme);
    if (!typed.points.length) throw httpError(400, SCHEME_TEXT.emptyScheme);
    // The scheme's own marks stand; only a scheme typed without marks is out of the teacher's maximum (issue 26).
    if (!typedSchemeHasMarks(input.markScheme)) {
      if (input.maxMarks === undefined) throw httpError(400, MAX_MARKS_TEXT.needed);
      const points = typed.points.length;
      typed = unmarkedSchemeOutOf(typed, input.maxMarks);
      if (!typed) throw httpError(400, MAX_MARKS_TEXT.tooMany(points, input.maxMarks));
    }
    return {
      questions: [
        {
          number: 1,
          ref: 'typed',
          text: input.questionText || 'Question typed by the teacher',
          type: 'essay',
          totalMarks: typed.totalMarks,
          markScheme: typed.points,
          ...(Object.keys(typed.rules).length ? { schemeRules: typed.rules } : {}),
        },
      ],
      source: 'Your mark scheme',
      paperId: null,
      paperCode: null,
    };
  }
  if (input.paperCode) {
    const paper = await ownPaperByCode(db, ownerId, input.paperCode);
    return {
      questions: paper.questions,
      source: `Paper ${input.paperCode} (${paper.title})`,
      paperId: paper.id,
      paperCode: input.paperCode,
      printed: printedLines(paper),
    };
  }
  if (input.questionId) return schemeForQuestionId(db, tools, ownerId, input.questionId);
  return null;
}

/** A typed scheme's question with the text the teacher typed or the photo read (other schemes as they are). */
function withTypedText(scheme: Scheme, questionText: string): Scheme {
  if (scheme.questions[0]?.ref !== 'typed' || !questionText) return scheme;
  return { ...scheme, questions: [{ ...scheme.questions[0], text: questionText }, ...scheme.questions.slice(1)] };
}

/**
 * No scheme chosen: the paper whose code the sheet (or the question paper) carries, else the question found from the
 * photographed text among the teacher's printed papers and the bank; null when none is close enough.
 */
async function schemeFromReading(
  db: Db,
  tools: ToolRunner,
  ownerId: string,
  read: PagesRead,
  questionText: string,
  hasQuestionImage: boolean,
): Promise<Scheme | null> {
  const code = read.pages.find((p) => p.paperCode)?.paperCode ?? read.question?.paperCode ?? null;
  if (code) {
    const paper = await ownPaperByCode(db, ownerId, code);
    return {
      questions: paper.questions,
      source: `Paper ${code} (${paper.title})`,
      paperId: paper.id,
      paperCode: code,
      printed: printedLines(paper),
    };
  }
  if (!hasQuestionImage && !questionText) throw httpError(400, GRADING_TEXT.missingImages);
  const found = await tools.run('findQuestion', { text: questionText, candidates: await ownCandidates(db, ownerId) });
  if (!found) return null;
  const fromPaper = /^paper:(MW-[A-Z0-9]{6})#(\d+)$/.exec(found.question.ref);
  return {
    questions: [numbered(found.question)],
    source: fromPaper ? `Paper ${fromPaper[1]}, question ${fromPaper[2]}` : found.label.replace(/^bank/, 'Bank'),
    paperId: null,
    paperCode: fromPaper?.[1] ?? null,
  };
}

export type GradeOutcome = { kind: 'graded'; result: GradingResult } | { kind: 'needsScheme'; body: NeedsSchemeResponse };

/**
 * §7 POST /api/teacher/grade-answer: reads the sheets, chooses the scheme (a typed scheme, a paper code
 * given or read from the sheet's QR code, a question id, or the question found from the photo among the
 * teacher's papers and the bank), marks each question against its own points and keeps the result for
 * its owner. Offline, with no scheme found, it asks for one (422 with the question as read) and stores nothing.
 */
export async function gradeAnswer(
  db: Db,
  engine: Engine,
  tools: ToolRunner,
  ownerId: string,
  input: GradeAnswerRequest,
): Promise<GradeOutcome> {
  const questionImage = input.questionImage ? decodeSheet(input.questionImage, 'question paper image') : null;
  const answerImage = decodeSheet(input.answerImage, 'answer sheet image');
  // A class student to attach the result to is checked before any work is done (404 unless the caller teaches them).
  const target = input.classId || input.studentId ? await attachTarget(db, ownerId, input) : null;
  // A scheme the teacher chose is found (and its owner checked) before anything is read.
  const chosen = await chosenScheme(db, tools, ownerId, input);
  // The scheme the pages are marked against, once read: the chosen one (a typed question takes the text read from
  // its photo), else the paper whose code the sheet carries, else the question found from the photographed text.
  const lookedUp: { scheme: Scheme | null } = { scheme: null };
  let questionText = input.questionText ?? '';
  const schemeFor = async (read: PagesRead): Promise<PagesScheme | null> => {
    questionText ||= read.question?.text ?? '';
    if (!read.pages.some((p) => p.text.trim())) return null;
    const scheme = chosen
      ? withTypedText(chosen, questionText)
      : await schemeFromReading(db, tools, ownerId, read, questionText, Boolean(questionImage));
    lookedUp.scheme = scheme;
    return scheme && pagesScheme(scheme);
  };
  // One engine call: read, look the scheme up (here), find each question's answer, mark (a vision model judges a
  // chosen scheme's points as it reads).
  const graded = await engine.gradePages({
    pages: [answerImage],
    questionImage,
    scheme: chosen && pagesScheme(chosen),
    schemeFor,
  });
  questionText ||= graded.questionText;
  const answerText = graded.answerText;
  if (!answerText.trim()) throw httpError(400, SCHEME_TEXT.noWriting);
  // The vision path reads and marks without the lookup: the chosen scheme, its typed question's text from the read.
  const used: Scheme | null = lookedUp.scheme ?? (chosen && withTypedText(chosen, questionText));

  let values: Omit<typeof gradingResults.$inferInsert, 'ownerId'>;
  if (used && graded.scheme) {
    const marked = present(engine, used, graded, graded.confidence < 60);
    values = {
      marksAwarded: marked.marksAwarded,
      totalMarks: marked.totalMarks,
      feedback: marked.feedback,
      detailedBreakdown: marked.detailedBreakdown,
      questionText: questionText || null,
      answerText,
      markedBy: marked.markedBy,
      schemeSource: used.source,
      questions: used.questions,
      paperId: used.paperId,
    };
  } else if (engine.gradeHandwritten && questionImage && input.maxMarks !== undefined) {
    // A model reads the question itself and splits the teacher's maximum into sections; nothing to re-mark against.
    // Without a maximum (issue 26: never a default of 10) the page is asked for a scheme instead, below.
    const result = await engine.gradeHandwritten({ questionImage, answerImage, maxMarks: input.maxMarks });
    values = {
      marksAwarded: result.marksAwarded,
      totalMarks: result.totalMarks,
      feedback: result.feedback,
      detailedBreakdown: result.detailedBreakdown,
      questionText: result.questionText,
      answerText: result.answerText,
      markedBy: result.by,
      schemeSource: `The question as ${result.by} read it`,
    };
  } else {
    return {
      kind: 'needsScheme',
      body: { message: SCHEME_TEXT.needsScheme(preview(questionText)), needsScheme: true, questionText, answerText },
    };
  }
  const [row] = await db
    .insert(gradingResults)
    .values({ ownerId, ...values, ...(target ? { ...target, attachedAt: new Date() } : {}) })
    .returning();
  const attachment = (await attachmentsOf(db, [row])).get(row.id) ?? null;
  return { kind: 'graded', result: toGradingResult(row, used?.paperCode ?? null, attachment) };
}

async function ownResult(db: Db, ownerId: string, id: string): Promise<GradingRow> {
  if (!isUuid(id)) throw httpError(404, SCHEME_TEXT.resultNotFound);
  const [row] = await db
    .select()
    .from(gradingResults)
    .where(and(eq(gradingResults.id, id), eq(gradingResults.ownerId, ownerId)));
  if (!row) throw httpError(404, SCHEME_TEXT.resultNotFound);
  return row;
}

async function paperCodeOf(db: Db, paperId: string | null): Promise<string | null> {
  if (!paperId) return null;
  const [paper] = await db.select({ code: practicePapers.code }).from(practicePapers).where(eq(practicePapers.id, paperId));
  return paper?.code ?? null;
}

/** POST /api/teacher/results/{id}/remark: the corrected transcript marked again against the scheme kept with the result. */
export async function remarkResult(db: Db, engine: Engine, ownerId: string, id: string, input: RemarkRequest): Promise<GradingResult> {
  const row = await ownResult(db, ownerId, id);
  if (!row.questions?.length) throw httpError(409, SCHEME_TEXT.noSchemeToRemark);
  const scheme: Scheme = { questions: row.questions, source: row.schemeSource ?? 'the same scheme', paperId: row.paperId, paperCode: null };
  const graded = await engine.gradePages({ pages: { transcript: input.answerText }, scheme: pagesScheme(scheme) });
  const marked = present(engine, scheme, graded, false);
  const [updated] = await db
    .update(gradingResults)
    .set({
      marksAwarded: marked.marksAwarded,
      totalMarks: marked.totalMarks,
      feedback: marked.feedback,
      detailedBreakdown: marked.detailedBreakdown,
      answerText: input.answerText,
      markedBy: marked.markedBy,
      transcriptCorrected: true,
    })
    .where(and(eq(gradingResults.id, id), eq(gradingResults.ownerId, ownerId)))
    .returning();
  return toGradingResult(updated, await paperCodeOf(db, updated.paperId), (await attachmentsOf(db, [updated])).get(updated.id) ?? null);
}

/**
 * POST /api/teacher/results/{id}/attach (issue 16): the teacher's result is attached to a current student of a class
 * they teach (replacing any earlier attachment) and appears in that class's markbook. 404 for anyone else's result,
 * a class the caller does not teach, or a user who is not a current student of it.
 */
export async function attachResult(db: Db, teacherId: string, id: string, input: AttachResultRequest): Promise<GradingResult> {
  await ownResult(db, teacherId, id);
  const target = await attachTarget(db, teacherId, input);
  const [updated] = await db
    .update(gradingResults)
    .set({ ...target, attachedAt: new Date() })
    .where(and(eq(gradingResults.id, id), eq(gradingResults.ownerId, teacherId)))
    .returning();
  return toGradingResult(updated, await paperCodeOf(db, updated.paperId), (await attachmentsOf(db, [updated])).get(updated.id) ?? null);
}

/** DELETE /api/teacher/results/{id}/attach: the result leaves the markbook (nothing to do when it was not attached). */
export async function detachResult(db: Db, teacherId: string, id: string): Promise<void> {
  await ownResult(db, teacherId, id);
  await db
    .update(gradingResults)
    .set({ classId: null, studentId: null, attachedAt: null })
    .where(and(eq(gradingResults.id, id), eq(gradingResults.ownerId, teacherId)));
}

/** The teacher's grading results, newest first. */
export async function listGradingResults(db: Db, ownerId: string): Promise<GradingResult[]> {
  const rows = await db
    .select({ result: gradingResults, code: practicePapers.code })
    .from(gradingResults)
    .leftJoin(practicePapers, eq(practicePapers.id, gradingResults.paperId))
    .where(eq(gradingResults.ownerId, ownerId))
    .orderBy(desc(gradingResults.createdAt));
  const attachments = await attachmentsOf(
    db,
    rows.map((r) => r.result),
  );
  return rows.map((r) => toGradingResult(r.result, r.code, attachments.get(r.result.id) ?? null));
}

/** A CSV cell: quoted, and a leading = + - @ defused so a spreadsheet never runs it as a formula. */
function csvCell(value: string | number | boolean | null): string {
  let text = value === null ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return `"${text.replace(/"/g, '""')}"`;
}

/** GET /api/teacher/results.csv: every result of the teacher's, one row each, the breakdown in one column. */
export async function exportGradingResultsCsv(db: Db, ownerId: string): Promise<string> {
  const results = await listGradingResults(db, ownerId);
  const header = [
    'Graded at',
    'Marks awarded',
    'Total marks',
    'Percentage',
    'Marked against',
    'Paper code',
    'Marked by',
    'Transcript corrected',
    'Question',
    'Answer transcript',
    'Breakdown',
    'Attached to',
  ];
  const lines = results.map((r) =>
    [
      r.createdAt,
      r.marksAwarded,
      r.totalMarks,
      r.totalMarks ? Math.round((r.marksAwarded / r.totalMarks) * 100) : 0,
      r.schemeSource ?? '',
      r.paperCode ?? '',
      r.gradedBy ?? '',
      r.transcriptCorrected ? 'yes' : 'no',
      r.questionText ?? '',
      r.answerText ?? '',
      r.detailedBreakdown.map((s) => `${s.section}: ${s.marksAwarded}/${s.maxMarks}`).join('; '),
      r.attachment ? `${r.attachment.studentName} (${r.attachment.className})` : '',
    ]
      .map(csvCell)
      .join(','),
  );
  return `${[header.map(csvCell).join(','), ...lines].join('\r\n')}\r\n`;
}

/** GET /api/teacher/papers: the teacher's printed practice papers, newest first. */
export async function listPracticePapers(db: Db, ownerId: string): Promise<PracticePaperSummary[]> {
  const rows = await db.select().from(practicePapers).where(eq(practicePapers.ownerId, ownerId)).orderBy(desc(practicePapers.createdAt));
  return rows.map((p) => ({
    id: p.id,
    code: p.code,
    title: p.title,
    questionCount: p.questions.length,
    totalMarks: p.questions.reduce((n, q) => n + q.totalMarks, 0),
    createdAt: p.createdAt.toISOString(),
  }));
}

/** GET /api/teacher/questions?q=: the teacher's printed papers' questions, their course questions, then the bank's. */
export async function searchQuestions(db: Db, tools: ToolRunner, ownerId: string, query: string): Promise<QuestionChoice[]> {
  const words = query
    .toLowerCase()
    .split(/\s+/)
    .filter((w) => w.length > 2);
  const matches = (text: string) => words.every((w) => text.toLowerCase().includes(w));
  const choices: QuestionChoice[] = [];
  const papers = await db
    .select()
    .from(practicePapers)
    .where(eq(practicePapers.ownerId, ownerId))
    .orderBy(desc(practicePapers.createdAt))
    .limit(50);
  for (const p of papers)
    for (const q of p.questions) {
      const text = htmlToText(q.text);
      if (!words.length || matches(`${p.code} ${text}`))
        choices.push({
          id: `${p.code}#${q.number}`,
          text: text.slice(0, 200),
          totalMarks: q.totalMarks,
          source: `Paper ${p.code}, question ${q.number}`,
        });
    }
  if (words.length) {
    const like = words.map((w) => ilike(questionRows.text, `%${w.replace(/[%_\\]/g, '\\$&')}%`));
    const rows = await db
      .select({ id: questionRows.id, text: questionRows.text, totalMarks: questionRows.totalMarks, course: courses.title })
      .from(questionRows)
      .innerJoin(courses, eq(courses.id, questionRows.courseId))
      .where(and(eq(questionRows.ownerId, ownerId), like.length === 1 ? like[0] : and(...like)))
      .limit(20);
    for (const r of rows)
      choices.push({ id: r.id, text: htmlToText(r.text).slice(0, 200), totalMarks: r.totalMarks, source: `Your course ${r.course}` });
    for (const b of await tools.run('searchBank', { query, limit: 20 }))
      choices.push({ id: b.id, text: b.text, totalMarks: b.marks, source: `Question bank: ${b.subject}, ${b.topic}` });
  }
  return choices.slice(0, 40);
}
