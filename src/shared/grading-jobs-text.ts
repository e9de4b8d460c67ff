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
  /** Assigning an unmatched page by hand. */
  pageNotFound: 'That scanned page is not one waiting to be assigned.',
  studentNotFound: 'Student not found in this class',
  studentRequired: 'Choose the student whose page this is (studentId).',
  paperPageInvalid: `The page number of the student’s copy must be a whole number from 1 to 50.`,
  notDone: 'Pages can be assigned once the job is done.',
  nothingToMark: 'No text was read on this page, so there is nothing to mark: scan it again.',
  pageTaken: (page: number) => `Page ${page} of this student’s copy is already matched.`,
  changedMeanwhile: 'The job changed meanwhile: look again and assign the page once more.',
  assign: 'Assign',
  assignStudent: 'Student',
  assignPage: 'Page of their copy',
  assigned: (page: number, name: string) => `Scanned page ${page} assigned to ${name} and marked.`,
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

/** The highest page number of a printed copy a page can be assigned to by hand. */
export const SCAN_MAX_PAPER_PAGE = 50;

/** Where an unmatched page of a job is assigned by hand. */
export function assignScanPageUrl(jobId: string, page: number): string {
  return `/api/grading-jobs/${encodeURIComponent(jobId)}/pages/${page}/assign`;
}

/** Where an assignment's scans are uploaded. */
export function scansUrl(classId: string, assignmentId: string): string {
  return `/api/classes/${encodeURIComponent(classId)}/assignments/${encodeURIComponent(assignmentId)}/scans`;
}
