import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { markPointSchema, schemeRulesSchema, type MarkPoint, type SchemeRules } from '../../shared/mark-scheme';
import { type Paper, type PaperProgress, type Question } from '../../shared/practice';
import { PRACTICE_TEXT } from '../../shared/practice-text';
import type { Db } from '../db/client';
import { answers, markSchemePoints, questionPapers, questions } from '../db/schema';
import type { Difficulty, Engine, GeneratedPaper } from '../engine/engine';
import { httpError } from '../http-error';
import { findCourse } from './find-course';
import { isUuid } from './ids';
import { assignmentOfStudent, assignmentsOfStudent, studentAssignmentView, withheldNow } from './assignment-rules';
import { findReadablePaper } from './paper-access';
import { paperProgress } from './paper-progress';
import { chooseSpecPoints } from './specification';
import type { BoardId } from '../../shared/specification';

type PaperRow = typeof questionPapers.$inferSelect;
type QuestionRow = typeof questions.$inferSelect;
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

function toPaper(row: PaperRow, totalQuestions: number, progress?: PaperProgress): Paper {
  return {
    id: row.id,
    courseId: row.courseId,
    title: row.title,
    description: row.description,
    topic: row.topic,
    difficultyLevel: row.difficultyLevel,
    totalQuestions,
    createdAt: row.createdAt.toISOString(),
    generatedBy: row.generatedBy,
    ...(progress ? { progress } : {}),
  };
}

/**
 * The option letters of a shuffled question in one viewer's order: a Fisher-Yates shuffle driven by a hash of the
 * viewer's and the question's ids, so the order is the same on every visit and differs between students.
 */
export function optionOrderFor(letters: string[], viewerId: string, questionId: string): string[] {
  // FNV-1a over the two ids, then mulberry32
  let h = 0x811c9dc5;
  for (const ch of `${viewerId}:${questionId}`) h = Math.imul(h ^ ch.charCodeAt(0), 0x01000193) >>> 0;
  const random = () => {
    h = (h + 0x6d2b79f5) >>> 0;
    let t = h;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const order = [...letters].sort();
  for (let i = order.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [order[i], order[j]] = [order[j], order[i]];
  }
  return order;
}

/**
 * A question as the student sees it: the correct option only once they have submitted an answer; a shuffled
 * question's options in the viewer's own order (`viewerId`).
 */
export function toQuestion(row: QuestionRow, submitted: boolean, viewerId?: string): Question {
  return {
    id: row.id,
    courseId: row.courseId,
    paperId: row.paperId,
    questionNumber: row.questionNumber,
    text: row.text,
    type: row.type,
    totalMarks: row.totalMarks,
    options: row.options ?? null,
    correctAnswer: submitted ? (row.correctAnswer ?? null) : null,
    topic: row.topic,
    ...(row.correctAnswer?.includes(',') && { multipleResponse: true }),
    ...(row.needsScheme && { needsScheme: true }),
    ...(row.shuffleOptions && row.options && viewerId && { optionOrder: optionOrderFor(Object.keys(row.options), viewerId, row.id) }),
  };
}

/** Which of these questions the student has submitted an answer to. */
export async function submittedQuestionIds(db: Db, ownerId: string, questionIds: string[]): Promise<Set<string>> {
  if (questionIds.length === 0) return new Set();
  const rows = await db
    .select({ questionId: answers.questionId })
    .from(answers)
    .where(and(eq(answers.ownerId, ownerId), eq(answers.submitted, true), inArray(answers.questionId, questionIds)));
  return new Set(rows.map((r) => r.questionId));
}

export async function withQuestionVisibility(db: Db, ownerId: string, rows: QuestionRow[]): Promise<Question[]> {
  const submitted = await submittedQuestionIds(
    db,
    ownerId,
    rows.map((r) => r.id),
  );
  // an assigned paper's correct options stay hidden until its feedback is released (issue 30)
  const assigned = await assignmentsOfStudent(
    db,
    ownerId,
    rows.filter((r) => r.ownerId !== ownerId && r.paperId).map((r) => r.paperId as string),
  );
  const withheld = (r: QuestionRow) => r.ownerId !== ownerId && withheldNow(assigned.get(r.paperId ?? '') ?? null);
  // the owner of a question still waiting for its mark scheme may write it (PUT /api/questions/{id}/markscheme)
  return rows.map((r) => ({
    ...toQuestion(r, submitted.has(r.id) && !withheld(r), ownerId),
    ...(r.needsScheme && r.ownerId === ownerId && { canWriteScheme: true }),
  }));
}

async function countQuestions(db: Db, paperIds: string[]): Promise<Map<string, number>> {
  if (paperIds.length === 0) return new Map();
  const rows = await db
    .select({ paperId: questions.paperId, n: sql<number>`count(*)::int` })
    .from(questions)
    .where(inArray(questions.paperId, paperIds))
    .groupBy(questions.paperId);
  return new Map(rows.map((r) => [r.paperId as string, r.n]));
}

/** The rules worth storing: null when the scheme has none (a plain list of B marks). */
function storedSchemeRules(rules: SchemeRules | undefined): SchemeRules | null {
  if (!rules) return null;
  const kept: SchemeRules = {};
  if (rules.groups?.length) kept.groups = rules.groups;
  if (rules.final_answer_full_marks) kept.final_answer_full_marks = true;
  if (rules.levels?.length) kept.levels = rules.levels;
  return Object.keys(kept).length ? kept : null;
}

/** Stores an engine-written paper, its questions and their mark schemes, in the caller's transaction. */
export async function storePaper(tx: Tx, ownerId: string, courseId: string, paper: GeneratedPaper): Promise<PaperRow> {
  const [row] = await tx
    .insert(questionPapers)
    .values({
      ownerId,
      courseId,
      title: paper.title,
      description: paper.description,
      topic: paper.topic,
      difficultyLevel: paper.difficultyLevel,
      generatedBy: paper.generatedBy,
    })
    .returning();
  for (const [index, q] of paper.questions.entries()) {
    const [stored] = await tx
      .insert(questions)
      .values({
        ownerId,
        courseId,
        paperId: row.id,
        questionNumber: index + 1,
        text: q.text,
        type: q.type,
        totalMarks: q.totalMarks,
        options: q.options ?? null,
        correctAnswer: q.correctAnswer ?? null,
        modelAnswer: q.modelAnswer ?? null,
        hints: q.hints,
        topic: q.topic ?? paper.topic,
        sourceId: q.sourceId ?? null,
        schemeRules: storedSchemeRules(q.schemeRules),
        needsScheme: q.needsScheme ?? false,
        name: q.name ?? null,
        shuffleOptions: (q.shuffleOptions && !!q.options) ?? false,
      })
      .returning({ id: questions.id });
    if (q.markScheme.length > 0) {
      await tx.insert(markSchemePoints).values(
        q.markScheme.map(({ id: pointKey, text, marks, ...details }, position) => ({
          ownerId,
          questionId: stored.id,
          position,
          pointKey,
          text,
          marks,
          details,
        })),
      );
    }
  }
  return row;
}

export async function listPapers(db: Db, ownerId: string, courseId: string): Promise<Paper[]> {
  await findCourse(db, ownerId, courseId);
  const rows = await db
    .select()
    .from(questionPapers)
    .where(and(eq(questionPapers.ownerId, ownerId), eq(questionPapers.courseId, courseId)))
    .orderBy(desc(questionPapers.createdAt));
  const ids = rows.map((r) => r.id);
  const [counts, progress] = await Promise.all([countQuestions(db, ids), paperProgress(db, ownerId, ids)]);
  return rows.map((r) => toPaper(r, counts.get(r.id) ?? 0, progress.get(r.id)));
}

export async function findPaper(db: Db, ownerId: string, paperId: string): Promise<PaperRow> {
  if (!isUuid(paperId)) throw httpError(404, PRACTICE_TEXT.paperNotFound);
  const [row] = await db
    .select()
    .from(questionPapers)
    .where(and(eq(questionPapers.id, paperId), eq(questionPapers.ownerId, ownerId)));
  if (!row) throw httpError(404, PRACTICE_TEXT.paperNotFound);
  return row;
}

/** The paper with the caller's own progress: its owner's, or a student's of a class it is assigned to (paper-access.ts). */
export async function getPaper(db: Db, ownerId: string, paperId: string): Promise<Paper> {
  const row = await findReadablePaper(db, ownerId, paperId);
  const [counts, progress, assignment] = await Promise.all([
    countQuestions(db, [row.id]),
    paperProgress(db, ownerId, [row.id]),
    row.access === 'student' ? assignmentOfStudent(db, ownerId, row.id) : null,
  ]);
  const questionCount = counts.get(row.id) ?? 0;
  const p = progress.get(row.id);
  if (!assignment || !p) return toPaper(row, questionCount, p);
  // An assigned paper (issue 30): its rules and the student's status; marks only once the feedback is released.
  const shown = withheldNow(assignment) ? { ...p, marksAwarded: 0, markedMarks: 0 } : p;
  return {
    ...toPaper(row, questionCount, shown),
    assignment: await studentAssignmentView(db, ownerId, assignment, { ...p, questionCount }),
  };
}

/** The paper's questions as the caller sees them (the correct option once they have submitted their own answer). */
export async function listPaperQuestions(db: Db, ownerId: string, paperId: string): Promise<Question[]> {
  const paper = await findReadablePaper(db, ownerId, paperId);
  const rows = await db
    .select()
    .from(questions)
    .where(and(eq(questions.paperId, paper.id), eq(questions.ownerId, paper.ownerId)))
    .orderBy(asc(questions.questionNumber));
  return withQuestionVisibility(db, ownerId, rows);
}

/** The bank questions the student's course has had already: a new paper draws new ones first (issue 31). */
export async function seenBankQuestions(db: Db, ownerId: string, courseId: string): Promise<string[]> {
  const rows = await db
    .selectDistinct({ sourceId: questions.sourceId })
    .from(questions)
    .where(and(eq(questions.ownerId, ownerId), eq(questions.courseId, courseId), sql`${questions.sourceId} is not null`));
  return rows.map((r) => r.sourceId as string);
}

export async function generatePaper(
  db: Db,
  engine: Engine,
  ownerId: string,
  input: {
    courseId: string;
    subject?: string;
    topic?: string;
    difficultyLevel: Difficulty;
    questionCount: number;
    /** Issue 31: points of the board's specification (the request's board, else the course's own). */
    specPoints?: string[];
    board?: BoardId;
  },
) {
  const course = await findCourse(db, ownerId, input.courseId);
  const spec = input.specPoints
    ? chooseSpecPoints(course.subject, input.board ?? (course.board as BoardId | null), input.specPoints)
    : undefined;
  const generated = await engine.generatePaper({
    subject: course.subject,
    topic: spec ? null : input.topic,
    difficulty: input.difficultyLevel,
    count: input.questionCount,
    ...(spec && { spec }),
    seen: await seenBankQuestions(db, ownerId, course.id),
  });
  if (generated.questions.length === 0) {
    throw httpError(422, generated.note ?? `No questions could be generated for "${input.topic ?? ''}". Try another topic.`);
  }
  const row = await db.transaction((tx) => storePaper(tx, ownerId, course.id, generated));
  const paperQuestions = await listPaperQuestions(db, ownerId, row.id);
  return {
    paper: toPaper(row, paperQuestions.length),
    questions: paperQuestions,
    totalQuestions: paperQuestions.length,
    note: generated.note ?? null,
  };
}

/** The mark scheme of a question as the engine reads it (all point fields). */
export async function readMarkScheme(db: Db, questionId: string): Promise<MarkPoint[]> {
  const rows = await db
    .select()
    .from(markSchemePoints)
    .where(eq(markSchemePoints.questionId, questionId))
    .orderBy(asc(markSchemePoints.position));
  return rows.map((r) => markPointSchema.parse({ ...r.details, id: r.pointKey, text: r.text, marks: r.marks }));
}

/** A stored question's scheme rules, read defensively (a row written before the column existed has none). */
export function readSchemeRules(stored: unknown): SchemeRules {
  if (!stored) return {};
  const parsed = schemeRulesSchema.safeParse(stored);
  return parsed.success ? parsed.data : {};
}
