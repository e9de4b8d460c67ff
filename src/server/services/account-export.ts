import { asc, eq } from 'drizzle-orm';
import { EXPORT_FORMAT, EXPORT_VERSION } from '../../shared/account-data';
import type { Db } from '../db/client';
import {
  analyticsActivity,
  analyticsSessions,
  analyticsTopicTotals,
  answers,
  assignmentAttempts,
  courses,
  disputes,
  feedback,
  gradingResults,
  markOverrides,
  gradingJobs,
  transcriptCorrections,
  markSchemePoints,
  paperAttempts,
  pdfDocuments,
  practicePapers,
  questionPapers,
  questions,
  reviewCards,
  sessions,
  studyActivity,
  tutorMessages,
  users,
} from '../db/schema';
import { httpError } from '../http-error';
import { getClass, getMarkbook, listClasses } from './classes';

/**
 * GET /api/users/me/export (issue 25 item 4): everything the user owns, as one JSON document. The format is
 * documented in docs/data-export.md; a change of it bumps EXPORT_VERSION. Left out on purpose: the password hash,
 * session tokens (only their hashes are stored, and those are left out too), reset tokens, rate-limit counters, and
 * the bytes of uploaded PDFs (their name, size, SHA-256 and extracted text are in; the file itself is downloaded from
 * the PDF documents page). Nothing of another user but what the user is shown in the app anyway: the names on their
 * classes, and as a class's teacher its students and markbook.
 */
export async function exportAccountData(db: Db, userId: string, now = new Date()) {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user) throw httpError(401, 'Authentication required');

  const [
    courseRows,
    paperRows,
    questionRows,
    pointRows,
    answerRows,
    feedbackRows,
    disputeRows,
    tutorRows,
    activityRows,
    documentRows,
    gradingRows,
    printedRows,
    attemptRows,
    cardRows,
    assignmentAttemptRows,
    overridesAboutMe,
    overridesByMe,
    scanJobs,
    correctionsAboutMe,
    correctionsByMe,
    topicTotals,
    activityBuckets,
    studySessions,
    sessionRows,
  ] = await Promise.all([
    db.select().from(courses).where(eq(courses.ownerId, userId)).orderBy(asc(courses.createdAt)),
    db.select().from(questionPapers).where(eq(questionPapers.ownerId, userId)).orderBy(asc(questionPapers.createdAt)),
    db.select().from(questions).where(eq(questions.ownerId, userId)).orderBy(asc(questions.createdAt), asc(questions.questionNumber)),
    db.select().from(markSchemePoints).where(eq(markSchemePoints.ownerId, userId)).orderBy(asc(markSchemePoints.position)),
    // An answer may be to a question of someone else's (a paper assigned to the user's class): its text comes along.
    db
      .select({ answer: answers, questionText: questions.text, paperId: questions.paperId, questionNumber: questions.questionNumber })
      .from(answers)
      .innerJoin(questions, eq(questions.id, answers.questionId))
      .where(eq(answers.ownerId, userId))
      .orderBy(asc(answers.createdAt)),
    db.select().from(feedback).where(eq(feedback.ownerId, userId)).orderBy(asc(feedback.createdAt)),
    db.select().from(disputes).where(eq(disputes.ownerId, userId)).orderBy(asc(disputes.createdAt)),
    db.select().from(tutorMessages).where(eq(tutorMessages.ownerId, userId)).orderBy(asc(tutorMessages.createdAt)),
    db.select().from(studyActivity).where(eq(studyActivity.ownerId, userId)).orderBy(asc(studyActivity.day)),
    db
      .select({
        id: pdfDocuments.id,
        name: pdfDocuments.name,
        contentHash: pdfDocuments.contentHash,
        sizeBytes: pdfDocuments.sizeBytes,
        pageCount: pdfDocuments.pageCount,
        pages: pdfDocuments.pages,
        createdAt: pdfDocuments.createdAt,
      })
      .from(pdfDocuments)
      .where(eq(pdfDocuments.ownerId, userId))
      .orderBy(asc(pdfDocuments.createdAt)),
    db.select().from(gradingResults).where(eq(gradingResults.ownerId, userId)).orderBy(asc(gradingResults.createdAt)),
    db.select().from(practicePapers).where(eq(practicePapers.ownerId, userId)).orderBy(asc(practicePapers.createdAt)),
    db.select().from(paperAttempts).where(eq(paperAttempts.ownerId, userId)).orderBy(asc(paperAttempts.startedAt)),
    db.select().from(reviewCards).where(eq(reviewCards.ownerId, userId)).orderBy(asc(reviewCards.createdAt)),
    db.select().from(assignmentAttempts).where(eq(assignmentAttempts.ownerId, userId)).orderBy(asc(assignmentAttempts.submittedAt)),
    db.select().from(markOverrides).where(eq(markOverrides.studentId, userId)).orderBy(asc(markOverrides.createdAt)),
    db.select().from(markOverrides).where(eq(markOverrides.teacherId, userId)).orderBy(asc(markOverrides.createdAt)),
    db
      .select({
        id: gradingJobs.id,
        classId: gradingJobs.classId,
        assignmentId: gradingJobs.assignmentId,
        paperCode: gradingJobs.paperCode,
        state: gradingJobs.state,
        fileName: gradingJobs.fileName,
        pages: gradingJobs.pages,
        matched: gradingJobs.matched,
        marked: gradingJobs.marked,
        unmatched: gradingJobs.unmatched,
        results: gradingJobs.results,
        createdAt: gradingJobs.createdAt,
      })
      .from(gradingJobs)
      .where(eq(gradingJobs.ownerId, userId))
      .orderBy(asc(gradingJobs.createdAt)),
    db
      .select()
      .from(transcriptCorrections)
      .where(eq(transcriptCorrections.studentId, userId))
      .orderBy(asc(transcriptCorrections.createdAt)),
    db
      .select()
      .from(transcriptCorrections)
      .where(eq(transcriptCorrections.teacherId, userId))
      .orderBy(asc(transcriptCorrections.createdAt)),
    db.select().from(analyticsTopicTotals).where(eq(analyticsTopicTotals.ownerId, userId)),
    db.select().from(analyticsActivity).where(eq(analyticsActivity.ownerId, userId)).orderBy(asc(analyticsActivity.bucket)),
    db.select().from(analyticsSessions).where(eq(analyticsSessions.ownerId, userId)).orderBy(asc(analyticsSessions.startedAt)),
    db
      .select({
        device: sessions.device,
        createdAt: sessions.createdAt,
        lastUsedAt: sessions.lastSeenAt,
        expiresAt: sessions.expiresAt,
        revokedAt: sessions.revokedAt,
      })
      .from(sessions)
      .where(eq(sessions.userId, userId))
      .orderBy(asc(sessions.createdAt)),
  ]);

  const classList = await listClasses(db, userId);
  const teaching = [];
  for (const c of classList.teaching) {
    const detail = await getClass(db, userId, c.id);
    teaching.push({ ...detail, markbook: await getMarkbook(db, userId, c.id) });
  }
  const studying = [];
  for (const c of classList.studying) {
    const detail = await getClass(db, userId, c.id);
    studying.push(detail);
  }

  const strip = <T extends { ownerId: string }>(row: T): Omit<T, 'ownerId'> => {
    const { ownerId: _ownerId, ...rest } = row;
    return rest;
  };

  return {
    format: EXPORT_FORMAT,
    version: EXPORT_VERSION,
    exportedAt: now.toISOString(),
    profile: {
      id: user.id,
      username: user.username,
      email: user.email,
      firstName: user.firstName,
      lastName: user.lastName,
      examDate: user.examDate,
      createdAt: user.createdAt,
    },
    sessions: sessionRows,
    courses: courseRows.map(strip),
    questionPapers: paperRows.map(strip),
    questions: questionRows.map((q) => ({
      ...strip(q),
      markScheme: pointRows.filter((p) => p.questionId === q.id).map(({ ownerId: _o, questionId: _q, ...p }) => p),
    })),
    answers: answerRows.map((r) => ({
      ...strip(r.answer),
      questionText: r.questionText,
      questionNumber: r.questionNumber,
      paperId: r.paperId,
    })),
    feedback: feedbackRows.map(({ ownerId: _o, selfAssessments: _s, ...f }) => f),
    selfAssessments: feedbackRows
      .filter((f) => f.selfAssessments.length > 0)
      .map((f) => ({ questionId: f.questionId, points: f.selfAssessments })),
    disputes: disputeRows.map(({ ownerId: _o, resolvedBy: _r, ...d }) => d),
    tutorMessages: tutorRows.map(strip),
    studyActivity: activityRows.map(strip),
    documents: documentRows,
    gradingResults: gradingRows.map(strip),
    practicePapers: printedRows.map(strip),
    paperAttempts: attemptRows.map(strip),
    reviewCards: cardRows.map(strip),
    assignmentAttempts: assignmentAttemptRows.map(strip),
    markChanges: {
      /** Teachers' changes of the user's marks (the teacher's comment, before and after). */
      aboutMe: overridesAboutMe.map(({ studentId: _s, teacherId: _t, ...o }) => o),
      /** Changes the user made as a class's teacher. */
      byMe: overridesByMe.map(({ teacherId: _t, ...o }) => o),
    },
    /** Scanned class sets the user uploaded as a teacher (the upload itself is not kept once graded). */
    scanJobs,
    transcriptCorrections: {
      /** A teacher's corrections of the text the user's answers were read as. */
      aboutMe: correctionsAboutMe.map(({ studentId: _s, teacherId: _t, ...c }) => c),
      /** Corrections the user made as a class's teacher. */
      byMe: correctionsByMe.map(({ teacherId: _t, ...c }) => c),
    },
    analytics: {
      topicTotals: topicTotals.map(strip),
      activity: activityBuckets.map(strip),
      studySessions: studySessions.map(strip),
    },
    classes: { teaching, studying },
  };
}

export type AccountExport = Awaited<ReturnType<typeof exportAccountData>>;
