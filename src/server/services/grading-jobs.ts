import { randomUUID } from 'node:crypto';
import { and, eq, inArray, isNull, lt, or } from 'drizzle-orm';
import sharp from 'sharp';
import { DOCUMENT_TEXT } from '../../shared/documents-text';
import type { AssignScanPageRequest, GradingJob, UploadScansRequest } from '../../shared/grading-jobs';
import { SCAN_MAX_IMAGES, SCAN_TEXT } from '../../shared/grading-jobs-text';
import { GRADING_IMAGE_MAX_BYTES, PDF_MAX_BYTES } from '../../shared/limits';
import type { GradingQuestion } from '../../shared/teacher';
import { GRADING_TEXT } from '../../shared/teacher-text';
import type { Db } from '../db/client';
import { classMembers, gradingJobs, practicePapers, users, type ScanStudentResult, type UnmatchedScanPage } from '../db/schema';
import type { Engine, PagesScheme, SheetReading } from '../engine/engine';
import { toGradingQuestion } from '../engine/grading/grading-question';
import { httpError, isHttpError } from '../http-error';
import type { JobQueue } from '../jobs/job-queue';
import { recordEvaluation, saveAnswer } from './answers';
import { personName } from './assignment-rules';
import { classSetPaperCode } from './class-set';
import { isUuid } from './ids';
import { findQuestion, questionForMarking } from './questions';
import { printedLines } from './teacher';
import { decodeUpload, detectImage } from './uploads';

/**
 * Grading a scanned class set (issue 26): the upload is kept and answered at once with a job id; a background job
 * (jobs/job-queue.ts) splits it into pages and grades them through the one grading pipeline (Engine.gradePages,
 * decision 019): each page read (its text and QR code: paper, student, page), the pages matched to the class's
 * students here (the pages it cannot match listed), then each student's pages cut into answers and marked against the
 * assigned questions' schemes; the markings are recorded as the student's submission (so the markbook, attempts and
 * overrides apply, and the feedback panel words them as any typed answer's).
 */

/** POST /api/classes/{id}/assignments/{assignmentId}/scans: checks and keeps the upload, queues the job, returns its id. */
export async function uploadScans(
  db: Db,
  jobs: JobQueue,
  teacherId: string,
  classId: string,
  assignmentId: string,
  input: UploadScansRequest,
): Promise<{ jobId: string }> {
  const target = await classSetPaperCode(db, teacherId, classId, assignmentId);
  let upload: Buffer;
  let imageSizes: number[] = [];
  if (input.pdfData !== undefined) {
    upload = decodeUpload(input.pdfData, { maxBytes: PDF_MAX_BYTES, tooLarge: DOCUMENT_TEXT.tooLarge, invalid: DOCUMENT_TEXT.notBase64 });
    if (upload.subarray(0, 1024).indexOf('%PDF-') < 0) throw httpError(400, SCAN_TEXT.notAPdf);
  } else {
    const images = input.images ?? [];
    if (images.length > SCAN_MAX_IMAGES) throw httpError(400, SCAN_TEXT.tooManyImages(SCAN_MAX_IMAGES));
    const decoded = images.map((data, i) => {
      const which = `scanned page ${i + 1}`;
      const bytes = decodeUpload(data, {
        maxBytes: GRADING_IMAGE_MAX_BYTES,
        tooLarge: GRADING_TEXT.tooLarge,
        invalid: GRADING_TEXT.unreadableImage(which),
      });
      if (!detectImage(bytes)) throw httpError(400, GRADING_TEXT.unreadableImage(which));
      return bytes;
    });
    if (decoded.reduce((n, b) => n + b.byteLength, 0) > PDF_MAX_BYTES) throw httpError(413, DOCUMENT_TEXT.tooLarge);
    upload = Buffer.concat(decoded);
    imageSizes = decoded.map((b) => b.byteLength);
  }
  const [row] = await db
    .insert(gradingJobs)
    .values({
      ownerId: teacherId,
      classId: target.classId,
      assignmentId: target.assignmentId,
      paperCode: target.code,
      uploadKind: input.pdfData !== undefined ? 'pdf' : 'images',
      upload,
      imageSizes,
      fileName: input.fileName ?? null,
    })
    .returning({ id: gradingJobs.id });
  await jobs.send('grade-scans', { gradingJobId: row.id });
  return { jobId: row.id };
}

/** GET /api/grading-jobs/{id}: the job's progress, for the teacher who started it only (404 for anyone else). */
export async function getGradingJob(db: Db, teacherId: string, id: string): Promise<GradingJob> {
  if (!isUuid(id)) throw httpError(404, SCAN_TEXT.jobNotFound);
  const [row] = await db
    .select()
    .from(gradingJobs)
    .where(and(eq(gradingJobs.id, id), eq(gradingJobs.ownerId, teacherId)));
  if (!row) throw httpError(404, SCAN_TEXT.jobNotFound);
  const ids = row.results.map((r) => r.studentId);
  const people = ids.length
    ? await db
        .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, username: users.username })
        .from(users)
        .where(inArray(users.id, ids))
    : [];
  const nameOf = new Map(people.map((p) => [p.id, personName(p)]));
  return {
    state: row.state,
    pages: row.pages,
    read: row.matched + row.unmatched.length,
    matched: row.matched,
    marked: row.marked,
    unmatched: row.unmatched.map((u) => ({ page: u.page, reason: u.reason, ...(u.transcript ? { transcript: u.transcript } : {}) })),
    students: row.results
      .map((r) => ({
        studentId: r.studentId,
        name: nameOf.get(r.studentId) ?? 'Former student',
        pages: r.pages.map((p) => p.paperPage),
        marked: r.marked,
        ...(r.note ? { note: r.note } : {}),
      }))
      .sort((a, b) => a.name.localeCompare(b.name)),
    ...(row.state === 'failed' && row.error ? { message: row.error } : {}),
  };
}

/** A page that cannot be read as an image, or a PDF that cannot be read at all: the job fails for good, not retried. */
class UnreadableUpload extends Error {}

/** The upload's pages as images: each photo, or the scanned image of each PDF page (the largest one on it). */
async function splitPages(row: typeof gradingJobs.$inferSelect): Promise<(Buffer | string)[]> {
  const upload = row.upload ?? Buffer.alloc(0);
  if (row.uploadKind === 'images') {
    let offset = 0;
    return row.imageSizes.map((size) => {
      const image = upload.subarray(offset, offset + size);
      offset += size;
      return image;
    });
  }
  const { extractImages, getDocumentProxy } = await import('unpdf');
  let pdf: Awaited<ReturnType<typeof getDocumentProxy>>;
  try {
    pdf = await getDocumentProxy(new Uint8Array(upload));
  } catch {
    throw new UnreadableUpload(SCAN_TEXT.unreadablePdf);
  }
  const pages: (Buffer | string)[] = [];
  for (let n = 1; n <= pdf.numPages; n++) {
    const images = await extractImages(pdf, n).catch(() => []);
    const largest = images.sort((a, b) => b.width * b.height - a.width * a.height)[0];
    if (!largest) {
      pages.push(SCAN_TEXT.noImage);
      continue;
    }
    const channels = largest.channels as 1 | 2 | 3 | 4;
    pages.push(
      await sharp(Buffer.from(largest.data.buffer, largest.data.byteOffset, largest.data.byteLength), {
        raw: { width: largest.width, height: largest.height, channels },
      })
        .png({ compressionLevel: 1 })
        .toBuffer()
        .catch(() => SCAN_TEXT.unreadablePage),
    );
  }
  await pdf.destroy();
  return pages;
}

interface MatchedPage {
  scanPage: number;
  paperPage: number;
  text: string;
  confidence: number;
  /** What read it (the pipeline's reader); unknown for a page kept from an earlier run or assigned by hand. */
  readBy?: string;
}

/** A scanned page read by the grading pipeline alone (Engine.gradePages with no scheme: its text and QR code), or null. */
async function readPage(engine: Engine, page: Buffer): Promise<SheetReading | null> {
  return engine.gradePages({ pages: [page] }).then(
    (graded) => graded.pages[0] ?? null,
    () => null,
  );
}

/** How a run holds its job: it keeps the job's `updatedAt` fresh every `heartbeatMs`; silent for `staleMs`, it is taken for dead. */
export interface GradingRunTiming {
  staleMs: number;
  heartbeatMs: number;
  /** How often a run waiting for a live run looks again. */
  pollMs: number;
}

/**
 * A run's timing for the queue's timeout (GRADING_JOB_TIMEOUT_SECONDS, after which the queue retries a job): a run
 * silent for a minute, or half the timeout if that is shorter, is dead (its process killed or frozen; six missed
 * heartbeats), so the queue's retry of a killed run takes the job at once and its retry of a live one waits.
 */
export function gradingRunTiming(timeoutSeconds: number): GradingRunTiming {
  const staleMs = Math.min(60, timeoutSeconds / 2) * 1000;
  return { staleMs, heartbeatMs: staleMs / 6, pollMs: Math.min(2_000, staleMs / 6) };
}

/** Thrown inside a run that has lost its job to another run (it fell silent too long): it stops writing at once. */
class RunSuperseded extends Error {}

/**
 * Takes the job for this run: only when no run holds it, or the run that does has been silent for `staleMs` (its
 * process killed). While another run is alive (a retry started by the queue while the first is still working past
 * the queue's timeout), this run waits for it rather than starting over beside it. Null once the job is finished.
 */
async function holdJob(db: Db, gradingJobId: string, runId: string, timing: GradingRunTiming) {
  for (;;) {
    const [row] = await db.select().from(gradingJobs).where(eq(gradingJobs.id, gradingJobId));
    if (!row || row.state === 'done' || row.state === 'failed') return null;
    const [taken] = await db
      .update(gradingJobs)
      .set({ runId, state: 'running', pages: 0, matched: 0, marked: 0, unmatched: [], results: [], error: null, updatedAt: new Date() })
      .where(
        and(
          eq(gradingJobs.id, gradingJobId),
          inArray(gradingJobs.state, ['queued', 'running']),
          or(isNull(gradingJobs.runId), lt(gradingJobs.updatedAt, new Date(Date.now() - timing.staleMs))),
        ),
      )
      .returning();
    if (taken) return taken;
    await new Promise((resolve) => setTimeout(resolve, timing.pollMs));
  }
}

/**
 * The job (jobs/job-queue.ts, 'grade-scans'): reads every page (the grading pipeline's first step: OCR and QR code,
 * in the worker pool; one page at a time, for the progress), matches pages to the class's students by their QR codes,
 * then grades each student's pages against the printed paper's schemes (Engine.gradePages on the pages as read) and
 * records the markings as the student's submission. Running it again (a retry after the process holding it died)
 * starts over: re-marking the same text is the same attempt, not a new one. One run at a time holds the job (`runId`):
 * a retry while the first run is still alive waits for it, and a run that lost the job writes nothing more.
 */
export async function runGradingJob(db: Db, engine: Engine, gradingJobId: string, timing: GradingRunTiming): Promise<void> {
  const runId = randomUUID();
  const row = await holdJob(db, gradingJobId, runId, timing);
  if (!row) return;
  const held = and(eq(gradingJobs.id, row.id), eq(gradingJobs.runId, runId));
  const heartbeat = setInterval(() => {
    db.update(gradingJobs)
      .set({ updatedAt: new Date() })
      .where(held)
      .catch(() => undefined);
  }, timing.heartbeatMs);
  heartbeat.unref();
  const progress = async (values: Partial<typeof gradingJobs.$inferInsert>) => {
    const written = await db
      .update(gradingJobs)
      .set({ ...values, updatedAt: new Date() })
      .where(held)
      .returning({ id: gradingJobs.id });
    if (written.length === 0) throw new RunSuperseded();
  };
  try {
    await gradeHeldJob(db, engine, row, progress);
  } catch (error) {
    if (error instanceof RunSuperseded) return;
    // let the queue's retry take the job at once, not after the run has gone stale
    await db.update(gradingJobs).set({ runId: null }).where(held);
    throw error;
  } finally {
    clearInterval(heartbeat);
  }
}

async function gradeHeldJob(
  db: Db,
  engine: Engine,
  row: typeof gradingJobs.$inferSelect,
  progress: (values: Partial<typeof gradingJobs.$inferInsert>) => Promise<void>,
): Promise<void> {
  let pages: (Buffer | string)[];
  try {
    pages = await splitPages(row);
  } catch (error) {
    if (!(error instanceof UnreadableUpload)) throw error;
    await progress({ state: 'failed', error: error.message, runId: null });
    return;
  }
  await progress({ pages: pages.length });

  // the teacher's printed papers of this assignment: the current class-set code and any earlier printing's
  const papers = await db.select().from(practicePapers).where(eq(practicePapers.ownerId, row.ownerId));
  const members = new Set(
    (await db.select({ userId: classMembers.userId }).from(classMembers).where(eq(classMembers.classId, row.classId))).map((m) => m.userId),
  );
  const assignmentPaper = papers.find((p) => p.code === row.paperCode);
  const refs = new Set(assignmentPaper?.questions.map((q) => q.ref) ?? []);
  const isThisAssignment = (code: string) => {
    const paper = papers.find((p) => p.code === code);
    return Boolean(paper && paper.questions.length > 0 && paper.questions.every((q) => refs.has(q.ref)));
  };

  const unmatched: UnmatchedScanPage[] = [];
  const byStudent = new Map<string, MatchedPage[]>();
  const codeOf = new Map<string, string>();
  let matched = 0;
  for (const [i, page] of pages.entries()) {
    const scanPage = i + 1;
    if (typeof page === 'string') {
      unmatched.push({ page: scanPage, reason: page });
    } else {
      const reading = await readPage(engine, page);
      const reason = !reading
        ? SCAN_TEXT.unreadablePage
        : !reading.paperCode
          ? SCAN_TEXT.noQr
          : !isThisAssignment(reading.paperCode)
            ? SCAN_TEXT.otherPaper(reading.paperCode)
            : !reading.studentId || !reading.page
              ? SCAN_TEXT.noStudent
              : !members.has(reading.studentId)
                ? SCAN_TEXT.notInClass
                : null;
      const found = reading && !reason ? byStudent.get(reading.studentId!) : undefined;
      const earlier = found?.find((p) => p.paperPage === reading?.page);
      // the page's text is kept, so the teacher can assign it by hand and have it marked
      const read = reading?.text.trim() ? { transcript: reading.text, confidence: reading.confidence } : {};
      if (reason || !reading) unmatched.push({ page: scanPage, reason: reason ?? SCAN_TEXT.unreadablePage, ...read });
      else if (earlier) unmatched.push({ page: scanPage, reason: SCAN_TEXT.duplicate(reading.page!, earlier.scanPage), ...read });
      else {
        const list = found ?? [];
        list.push({ scanPage, paperPage: reading.page!, text: reading.text, confidence: reading.confidence, readBy: reading.readBy });
        byStudent.set(reading.studentId!, list);
        codeOf.set(reading.studentId!, reading.paperCode!);
        matched++;
      }
    }
    await progress({ matched, unmatched });
  }

  const results: ScanStudentResult[] = [];
  let marked = 0;
  for (const [studentId, found] of byStudent) {
    const paper = papers.find((p) => p.code === codeOf.get(studentId))!;
    const result = await markStudentPages(db, engine, paper, studentId, found);
    if (result.marked) marked += found.length;
    results.push(result);
    await progress({ marked, results });
  }
  await progress({ state: 'done', marked, results, upload: null, runId: null });
}

type PaperRow = typeof practicePapers.$inferSelect;

/** What read a page kept from before (a page assigned by hand): the job's own reading, not kept with it. */
const SCAN_READER = 'the scan';

/** The assigned question a printed paper's question is (its ref 'question:<id>'), or null. */
function questionIdOf(question: GradingQuestion): string | null {
  return /^question:(.+)$/.exec(question.ref)?.[1] ?? null;
}

/**
 * The scheme a student's pages are marked against: each printed question as the student's assigned question is now
 * (what a typed answer to it is marked against), numbered as printed; the pages are cut by the questions as printed.
 * A question that cannot be marked (gone, or waiting for its scheme) is cut like the others, as printed, and says why
 * (`unmarkable`) when its answer is recorded.
 */
async function studentScheme(db: Db, paper: PaperRow, studentId: string) {
  const questions: GradingQuestion[] = [];
  const unmarkable = new Map<number, Error>();
  for (const printed of paper.questions) {
    const questionId = questionIdOf(printed);
    if (!questionId) continue;
    try {
      const marking = await questionForMarking(db, await findQuestion(db, studentId, questionId));
      // the marker is given the question whole, as a typed answer's marker is (its subject, topic and hints too)
      const { hints, subject, topic } = marking;
      questions.push(Object.assign(toGradingQuestion(marking, printed.number, printed.ref), { hints, subject, topic }));
    } catch (error) {
      if (!isHttpError(error) || error.statusCode >= 500) throw error;
      unmarkable.set(printed.number, error);
      questions.push(printed);
    }
  }
  const scheme: PagesScheme = { questions, printed: printedLines(paper), printedQuestions: paper.questions };
  return { scheme, unmarkable };
}

/**
 * One student's pages of a printed paper, in page order, graded by the one grading pipeline (Engine.gradePages on the
 * pages as read: each question's answer region marked against its scheme) and recorded as the student's submission
 * (the assignment's rules apply). The job and a page assigned by hand both mark through here; marking the same text
 * again is the same attempt (decision 016).
 */
async function markStudentPages(
  db: Db,
  engine: Engine,
  paper: PaperRow,
  studentId: string,
  found: MatchedPage[],
): Promise<ScanStudentResult> {
  found.sort((a, b) => a.paperPage - b.paperPage);
  const result: ScanStudentResult = {
    studentId,
    pages: found.map((p) => ({ scanPage: p.scanPage, paperPage: p.paperPage, transcript: p.text, confidence: p.confidence })),
    marked: false,
    paperCode: paper.code,
  };
  const { scheme, unmarkable } = await studentScheme(db, paper, studentId);
  const read: SheetReading[] = found.map((p) => ({
    text: p.text,
    confidence: p.confidence,
    paperCode: paper.code,
    studentId,
    page: p.paperPage,
    readBy: p.readBy ?? SCAN_READER,
  }));
  const graded = await engine.gradePages({ pages: { read }, scheme });
  const notes: string[] = [];
  let recorded = 0;
  for (const question of graded.questions) {
    const questionId = questionIdOf(scheme.questions.find((q) => q.number === question.number)!)!;
    if (!question.answer || !question.feedback) continue;
    try {
      await saveAnswer(db, studentId, { questionId, text: question.answer, submitted: true });
      const refused = unmarkable.get(question.number);
      if (refused) throw refused;
      await recordEvaluation(db, studentId, { questionId, answer: question.answer, feedback: question.feedback });
      recorded++;
    } catch (error) {
      // an assignment's own rule (attempts used, late work refused) says why this answer was not recorded
      if (!isHttpError(error) || error.statusCode >= 500) throw error;
      notes.push(`Question ${question.number}: ${error.message}`);
    }
  }
  if (recorded > 0) result.marked = true;
  else if (notes.length === 0) notes.push('No written answer was read on this student’s pages.');
  if (notes.length) result.note = notes.join(' ');
  return result;
}

/**
 * POST /api/grading-jobs/{id}/pages/{page}/assign: the teacher who started the job says whose copy, and which page of
 * it, an unmatched page is. The student's pages (those matched and this one) are marked again as the job marks them,
 * and the job's counts follow. 404 for a job or page not theirs or a student not in the class; 409 while it runs.
 */
export async function assignScanPage(
  db: Db,
  engine: Engine,
  teacherId: string,
  jobId: string,
  pageParam: string,
  input: AssignScanPageRequest,
): Promise<GradingJob> {
  if (!isUuid(jobId)) throw httpError(404, SCAN_TEXT.jobNotFound);
  const [row] = await db
    .select()
    .from(gradingJobs)
    .where(and(eq(gradingJobs.id, jobId), eq(gradingJobs.ownerId, teacherId)));
  if (!row) throw httpError(404, SCAN_TEXT.jobNotFound);
  const page = /^[1-9][0-9]{0,3}$/.test(pageParam) ? Number(pageParam) : NaN;
  const waiting = row.unmatched.find((u) => u.page === page);
  if (!waiting) throw httpError(404, SCAN_TEXT.pageNotFound);
  if (row.state !== 'done') throw httpError(409, SCAN_TEXT.notDone);
  const member = isUuid(input.studentId)
    ? await db
        .select({ userId: classMembers.userId })
        .from(classMembers)
        .where(and(eq(classMembers.classId, row.classId), eq(classMembers.userId, input.studentId)))
    : [];
  if (member.length === 0) throw httpError(404, SCAN_TEXT.studentNotFound);
  if (!waiting.transcript?.trim()) throw httpError(400, SCAN_TEXT.nothingToMark);
  const before = row.results.find((r) => r.studentId === input.studentId);
  if (before?.pages.some((p) => p.paperPage === input.paperPage)) throw httpError(409, SCAN_TEXT.pageTaken(input.paperPage));

  const code = before?.paperCode ?? row.paperCode;
  const [paper] = await db
    .select()
    .from(practicePapers)
    .where(and(eq(practicePapers.ownerId, row.ownerId), eq(practicePapers.code, code)));
  if (!paper) throw httpError(409, SCAN_TEXT.changedMeanwhile);
  const pages: MatchedPage[] = [
    ...(before?.pages ?? []).map((p) => ({ scanPage: p.scanPage, paperPage: p.paperPage, text: p.transcript, confidence: p.confidence })),
    { scanPage: waiting.page, paperPage: input.paperPage, text: waiting.transcript, confidence: waiting.confidence ?? 0 },
  ];
  const result = await markStudentPages(db, engine, paper, input.studentId, pages);
  const results = [...row.results.filter((r) => r.studentId !== input.studentId), result];
  const marked = results.reduce((n, r) => n + (r.marked ? r.pages.length : 0), 0);
  // written only if nobody else changed the job meanwhile (another page assigned at the same time)
  const updated = await db
    .update(gradingJobs)
    .set({
      results,
      marked,
      matched: row.matched + 1,
      unmatched: row.unmatched.filter((u) => u.page !== page),
      updatedAt: new Date(),
    })
    .where(and(eq(gradingJobs.id, row.id), eq(gradingJobs.updatedAt, row.updatedAt)))
    .returning({ id: gradingJobs.id });
  if (updated.length === 0) throw httpError(409, SCAN_TEXT.changedMeanwhile);
  return getGradingJob(db, teacherId, row.id);
}
