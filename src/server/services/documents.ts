import { createHash } from 'node:crypto';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import {
  type AskDocumentRequest,
  type AskDocumentResponse,
  type DocumentQuestionsRequest,
  type DocumentQuestionsResponse,
  type PdfDocument,
} from '../../shared/documents';
import { DEFAULT_DOCUMENT_NAME, DOCUMENT_TEXT } from '../../shared/documents-text';
import { PDF_MAX_BYTES } from '../../shared/limits';
import { COURSE_TITLE_SUFFIX } from '../../shared/practice-text';
import type { Db } from '../db/client';
import { courses, pdfDocuments } from '../db/schema';
import type { Engine } from '../engine/engine';
import { toolsInThisThread } from '../engine/tools/run-tool';
import type { ToolRunner } from '../engine/tools/tool-calls';
import { httpError } from '../http-error';
import { isUuid } from './ids';
import { storePaper } from './papers';
import { decodeUpload } from './uploads';

type DocumentRow = typeof pdfDocuments.$inferSelect;
type StoredDocument = Pick<DocumentRow, 'id' | 'name' | 'pages'>;

/** The file's own name: no folder (browsers may send C:\fakepath\...), no control characters. */
export function documentName(pdfName: string | undefined): string {
  const base = (pdfName ?? '').split(/[\\/]/).pop() ?? '';
  const clean = base.replace(/[\u0000-\u001f\u007f]/g, '').trim();
  return clean || DEFAULT_DOCUMENT_NAME;
}

/** What a paper written from the document is on: its name without '.pdf'. */
export function documentTopic(name: string): string {
  return name.replace(/\.pdf$/i, '').trim() || name;
}

/**
 * The student's copy of an uploaded PDF: stored once per owner and content (SHA-256), with its text
 * per page. A new file is read first, so bytes that are not a readable PDF are refused (400 with the
 * reader's message) and never stored. Uploading the same file under a new name renames it.
 */
export async function storeDocument(
  db: Db,
  ownerId: string,
  pdfData: string,
  pdfName?: string,
  readPdf: (data: Uint8Array) => Promise<string[]> = pdfReader(toolsInThisThread),
): Promise<StoredDocument> {
  const bytes = decodeUpload(pdfData, { maxBytes: PDF_MAX_BYTES, tooLarge: DOCUMENT_TEXT.tooLarge, invalid: DOCUMENT_TEXT.notBase64 });
  const contentHash = createHash('sha256').update(bytes).digest('hex');
  const name = documentName(pdfName);
  const columns = { id: pdfDocuments.id, name: pdfDocuments.name, pages: pdfDocuments.pages };
  const mine = and(eq(pdfDocuments.ownerId, ownerId), eq(pdfDocuments.contentHash, contentHash));

  const [known] = await db.select(columns).from(pdfDocuments).where(mine);
  if (known) {
    if (pdfName === undefined || name === known.name) return known;
    await db.update(pdfDocuments).set({ name }).where(eq(pdfDocuments.id, known.id));
    return { ...known, name };
  }

  const pages = await readPdf(bytes);
  const [inserted] = await db
    .insert(pdfDocuments)
    .values({ ownerId, name, contentHash, sizeBytes: bytes.byteLength, pageCount: pages.length, pages, data: bytes })
    .onConflictDoNothing()
    .returning(columns);
  if (inserted) return inserted;
  // The same file arrived twice at once: the other request stored it.
  const [stored] = await db.select(columns).from(pdfDocuments).where(mine);
  return stored;
}

/** The PDF reader, in the worker pool when the app has one (else here, loaded on first use: pdf.js stays out of an idle server's main thread, issue 29). */
function pdfReader(tools: ToolRunner): (data: Uint8Array) => Promise<string[]> {
  return (data) => tools.run('readPdf', data);
}

/** §7 POST /api/pdf/ask-question: the passages of the document that answer the question, with their pages. */
export async function askAboutDocument(
  db: Db,
  engine: Engine,
  tools: ToolRunner,
  ownerId: string,
  input: AskDocumentRequest,
): Promise<AskDocumentResponse> {
  const document = await storeDocument(db, ownerId, input.pdfData, input.pdfName, pdfReader(tools));
  const answer = await engine.answerFromDocument({ name: document.name, pages: document.pages, question: input.question });
  return { response: answer.response, answeredBy: answer.by, citations: answer.citations, documentId: document.id };
}

/** 'biology' → 'Biology', 'organic chemistry' → 'Organic Chemistry'; other letters are kept as typed. */
function subjectName(subject: string): string {
  return subject.trim().replace(/(^|\s)(\p{Ll})/gu, (_, space: string, letter: string) => space + letter.toUpperCase());
}

/**
 * §7 POST /api/pdf/generate-questions: a question paper written from the document, stored in the
 * student's course for the subject (the oldest whose subject matches, ignoring case; else a new
 * '<Subject> A-Level Practice' course), so that /question-papers/{id} shows it. The paper is on the document.
 */
export async function generateDocumentQuestions(
  db: Db,
  engine: Engine,
  tools: ToolRunner,
  ownerId: string,
  input: DocumentQuestionsRequest,
): Promise<DocumentQuestionsResponse> {
  const document = await storeDocument(db, ownerId, input.pdfData, input.pdfName, pdfReader(tools));
  const [course] = await db
    .select()
    .from(courses)
    .where(and(eq(courses.ownerId, ownerId), sql`lower(${courses.subject}) = lower(${input.subject})`))
    .orderBy(asc(courses.createdAt))
    .limit(1);
  const subject = course?.subject ?? subjectName(input.subject);

  const generated = await engine.questionsFromDocument({ name: document.name, pages: document.pages, subject });
  if (generated.questions.length === 0) {
    throw httpError(422, generated.note ?? 'No questions could be written from this document. Try a document with more explanatory text.');
  }
  const topic = documentTopic(document.name);
  const title = generated.title.includes(topic) ? generated.title : `${subject}: questions from ${topic}`;
  const paper = { ...generated, title, topic };

  const stored = await db.transaction(async (tx) => {
    const courseId =
      course?.id ??
      (
        await tx
          .insert(courses)
          .values({ ownerId, title: `${subject}${COURSE_TITLE_SUFFIX}`, subject })
          .returning({ id: courses.id })
      )[0].id;
    return storePaper(tx, ownerId, courseId, paper);
  });
  return {
    questionPaperId: stored.id,
    courseId: stored.courseId,
    title: stored.title,
    totalQuestions: paper.questions.length,
    generatedBy: generated.generatedBy,
    documentId: document.id,
    note: generated.note ?? null,
  };
}

/** The student's stored documents, newest first. */
export async function listDocuments(db: Db, ownerId: string): Promise<PdfDocument[]> {
  const rows = await db
    .select({
      id: pdfDocuments.id,
      name: pdfDocuments.name,
      sizeBytes: pdfDocuments.sizeBytes,
      pageCount: pdfDocuments.pageCount,
      createdAt: pdfDocuments.createdAt,
    })
    .from(pdfDocuments)
    .where(eq(pdfDocuments.ownerId, ownerId))
    .orderBy(desc(pdfDocuments.createdAt));
  return rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }));
}

/** The stored file, or 404 'Document not found' (whether it is missing or someone else's). */
export async function getDocumentFile(db: Db, ownerId: string, documentId: string): Promise<{ name: string; data: Buffer }> {
  if (!isUuid(documentId)) throw httpError(404, DOCUMENT_TEXT.documentNotFound);
  const [row] = await db
    .select({ name: pdfDocuments.name, data: pdfDocuments.data })
    .from(pdfDocuments)
    .where(and(eq(pdfDocuments.id, documentId), eq(pdfDocuments.ownerId, ownerId)));
  if (!row) throw httpError(404, DOCUMENT_TEXT.documentNotFound);
  return row;
}
