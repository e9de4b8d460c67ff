import { useQuery } from '@tanstack/react-query';
import type { ClassDetail } from '../../../../shared/classes';

/** GET /api/classes/{id}: the class, its assignments and (for its teacher) its students and join code. */
export function useClassDetail(classId: string | undefined) {
  return useQuery<ClassDetail>({ queryKey: ['/api/classes', classId], enabled: Boolean(classId) });
}
