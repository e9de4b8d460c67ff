import { useQuery } from '@tanstack/react-query';
import { LIVE } from '../../../lib/api/freshness';
import type { Markbook, StudentAnswer } from '../../../../shared/classes';

/** GET /api/classes/{id}/markbook: students × questions, the points the class misses, time and activity. */
export function useMarkbook(classId: string, enabled: boolean) {
  return useQuery<Markbook>({ queryKey: ['/api/classes', classId, 'markbook'], enabled, ...LIVE });
}

/** The markbook as a CSV file (the session cookie goes with the link). */
export function markbookCsvUrl(classId: string): string {
  return `/api/classes/${encodeURIComponent(classId)}/markbook.csv`;
}

/** GET /api/classes/{id}/students/{userId}/answers/{questionId}: one student's answer and its point-by-point feedback. */
export function useStudentAnswer(classId: string, cell: { userId: string; questionId: string } | null) {
  return useQuery<StudentAnswer>({
    queryKey: ['/api/classes', classId, 'students', cell?.userId, 'answers', cell?.questionId],
    enabled: Boolean(cell),
  });
}
