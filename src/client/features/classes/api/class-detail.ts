import { useQuery } from '@tanstack/react-query';
import { LIVE } from '../../../lib/api/freshness';
import type { ClassDetail } from '../../../../shared/classes';

/** GET /api/classes/{id}: the class, its assignments and (for its teacher) its students and join code. */
export function useClassDetail(classId: string | undefined) {
  // Live: a student's progress and a teacher's students change on other screens and in other browsers.
  return useQuery<ClassDetail>({ queryKey: ['/api/classes', classId], enabled: Boolean(classId), ...LIVE });
}
