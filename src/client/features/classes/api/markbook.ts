import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-request';
import { LIVE } from '../../../lib/api/freshness';
import type { Markbook, StudentAnswer } from '../../../../shared/classes';

function markbookPath(classId: string, file: 'markbook' | 'markbook.csv', assignmentId?: string | null): string {
  const query = assignmentId ? `?assignmentId=${encodeURIComponent(assignmentId)}` : '';
  return `/api/classes/${encodeURIComponent(classId)}/${file}${query}`;
}

/**
 * GET /api/classes/{id}/markbook[?assignmentId=…]: students × questions of one assignment (or of all), each
 * student's status, marks and percentage per assignment, the points the class misses, time and activity.
 */
export function useMarkbook(classId: string, enabled: boolean, assignmentId?: string | null) {
  return useQuery<Markbook>({
    // under ['/api/classes', classId, 'markbook']: a change to any mark refreshes every view of the markbook
    queryKey: ['/api/classes', classId, 'markbook', assignmentId ?? 'all'],
    queryFn: () => apiRequest<Markbook>('GET', markbookPath(classId, 'markbook', assignmentId)),
    enabled,
    // another assignment picked: the table stays (dimmed) until its markbook arrives
    placeholderData: keepPreviousData,
    ...LIVE,
  });
}

/** The markbook as a CSV file, of the same assignment (the session cookie goes with the link). */
export function markbookCsvUrl(classId: string, assignmentId?: string | null): string {
  return markbookPath(classId, 'markbook.csv', assignmentId);
}

/** GET /api/classes/{id}/students/{userId}/answers/{questionId}: one student's answer, its feedback, attempts and overrides. */
export function useStudentAnswer(classId: string, cell: { userId: string; questionId: string } | null) {
  return useQuery<StudentAnswer>({
    queryKey: ['/api/classes', classId, 'students', cell?.userId, 'answers', cell?.questionId],
    enabled: Boolean(cell),
  });
}
