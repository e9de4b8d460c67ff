// Plain constants (no zod): uploading a scanned class set and grading it as a background job (issue 26).

export const SCAN_TEXT = {
  /** 400: neither a PDF nor images were sent, or both. */
  nothingUploaded: 'Upload the scanned class set: one PDF (fileName and pdfData) or photos of the pages (images).',
  bothUploaded: 'Upload either one PDF or photos of the pages, not both.',
  tooManyImages: (max: number) => `Upload at most ${max} photos at once, or bind the pages into one PDF.`,
  notAPdf: 'The file is not a readable PDF.',
  jobNotFound: 'Grading job not found',
  /** Reasons a page is listed as unmatched. */
  noQr: 'No QR code could be read on this page.',
  otherPaper: (code: string) => `This page belongs to another paper (${code}).`,
  noStudent: 'The QR code names no student: this page is not from a class set.',
  notInClass: 'The student on this page is not in this class.',
  duplicate: (page: number, first: number) => `Page ${page} of this student’s copy was already found on scanned page ${first}.`,
  noImage: 'This PDF page holds no scanned image.',
  unreadablePage: 'This page could not be read as an image.',
  /** The whole job failed for good. */
  unreadablePdf: 'The scanned PDF could not be read. Scan the pages again and upload the new PDF.',
  /** Client. */
  upload: 'Upload scans',
  uploadHint: 'A scanned PDF of the printed class set, or photos of its pages (JPEG or PNG).',
  queued: 'Waiting for a grader…',
  running: (done: number, pages: number) => `Reading and marking: ${done} of ${pages} pages`,
  done: (matched: number, pages: number, marked: number) =>
    `Done: ${matched} of ${pages} pages matched to students; ${marked} pages marked and in the markbook.`,
  failed: 'Grading the scans failed.',
  unmatchedHeading: 'Pages not matched',
  allMatched: 'Every page was matched to a student.',
  uploadFailed: 'The scans could not be uploaded.',
} as const;

/** At most this many photos in one upload (a class of 30 × 3 pages fits). */
export const SCAN_MAX_IMAGES = 120;

/** Where an assignment's scans are uploaded. */
export function scansUrl(classId: string, assignmentId: string): string {
  return `/api/classes/${encodeURIComponent(classId)}/assignments/${encodeURIComponent(assignmentId)}/scans`;
}
