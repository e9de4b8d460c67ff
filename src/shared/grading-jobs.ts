import { z } from 'zod';
import { DOCUMENT_TEXT } from './documents-text';
import { SCAN_MAX_PAPER_PAGE, SCAN_TEXT } from './grading-jobs-text';

/** POST /api/classes/{id}/assignments/{assignmentId}/scans: one scanned PDF (base64, as the PDF calls) or photos (base64 JPEG/PNG). */
export const uploadScansRequestSchema = z
  .object({
    fileName: z.string().trim().max(200, 'A file name can be at most 200 characters').optional(),
    pdfData: z.string({ error: DOCUMENT_TEXT.noPdf }).min(1, DOCUMENT_TEXT.noPdf).optional(),
    images: z.array(z.string().min(1, SCAN_TEXT.nothingUploaded)).min(1, SCAN_TEXT.nothingUploaded).optional(),
  })
  .refine((b) => b.pdfData !== undefined || b.images !== undefined, { error: SCAN_TEXT.nothingUploaded })
  .refine((b) => !(b.pdfData !== undefined && b.images !== undefined), { error: SCAN_TEXT.bothUploaded });
export type UploadScansRequest = z.infer<typeof uploadScansRequestSchema>;

export const uploadScansResponseSchema = z.object({ jobId: z.string() });
export type UploadScansResponse = z.infer<typeof uploadScansResponseSchema>;

export const gradingJobStateSchema = z.enum(['queued', 'running', 'done', 'failed']);

/** GET /api/grading-jobs/{id}: the job's progress, for the teacher who started it. */
export const gradingJobSchema = z.object({
  state: gradingJobStateSchema,
  /** Pages in the upload (0 until the job has split it). */
  pages: z.number().int(),
  /** Pages read so far (every page is read before any student is marked). */
  read: z.number().int(),
  /** Pages matched to a student and page of this assignment's paper. */
  matched: z.number().int(),
  /** Matched pages whose student's answers are marked and recorded as an attempt (in the markbook). */
  marked: z.number().int(),
  /** Pages not matched, with why and the text read on the page (when any was), for the teacher to assign by hand. */
  unmatched: z.array(z.object({ page: z.number().int(), reason: z.string(), transcript: z.string().optional() })),
  /** Each matched student: their name, the pages found, and a note when their answers were not recorded. */
  students: z.array(
    z.object({
      studentId: z.string(),
      name: z.string(),
      pages: z.array(z.number().int()),
      marked: z.boolean(),
      note: z.string().optional(),
    }),
  ),
  /** Why the job failed, when it did. */
  message: z.string().optional(),
});
export type GradingJob = z.infer<typeof gradingJobSchema>;

/** POST /api/grading-jobs/{id}/pages/{page}/assign: an unmatched page is this student's copy's page `paperPage`. */
export const assignScanPageRequestSchema = z.object({
  studentId: z.string({ error: SCAN_TEXT.studentRequired }).min(1, SCAN_TEXT.studentRequired).max(100),
  paperPage: z
    .number({ error: SCAN_TEXT.paperPageInvalid })
    .int(SCAN_TEXT.paperPageInvalid)
    .min(1, SCAN_TEXT.paperPageInvalid)
    .max(SCAN_MAX_PAPER_PAGE, SCAN_TEXT.paperPageInvalid),
});
export type AssignScanPageRequest = z.infer<typeof assignScanPageRequestSchema>;
