// Plain constants (no zod): printing an assigned paper as a class set (issue 26).

export const CLASS_SET_TEXT = {
  /** 409 from GET /api/classes/{id}/assignments/{assignmentId}/class-set.pdf when nobody is enrolled. */
  noStudents: 'This class has no students yet, so there is no class set to print. Share the join code, then print again.',
  /** The teacher's link beside each assignment. */
  link: 'Print class set',
  linkHint: 'One copy per student (PDF), each page with the student’s name and a QR code for grading scans.',
} as const;

/** Where the class set of an assignment is downloaded (the session cookie goes with the link). */
export function classSetPdfUrl(classId: string, assignmentId: string): string {
  return `/api/classes/${encodeURIComponent(classId)}/assignments/${encodeURIComponent(assignmentId)}/class-set.pdf`;
}
