import { useQuery } from '@tanstack/react-query';
import { LIVE } from '../../../lib/api/freshness';
import type { ClassList } from '../../../../shared/classes';

export const CLASSES_KEY = ['/api/classes'] as const;

/** GET /api/classes: the classes I teach and the classes I am in. */
export function useClasses() {
  return useQuery<ClassList>({ queryKey: CLASSES_KEY, ...LIVE });
}
