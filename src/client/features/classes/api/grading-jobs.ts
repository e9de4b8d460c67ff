import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AssignScanPageRequest, GradingJob, UploadScansRequest, UploadScansResponse } from '../../../../shared/grading-jobs';
import { assignScanPageUrl, scansUrl } from '../../../../shared/grading-jobs-text';
import { apiRequest } from '../../../lib/api-request';

/** POST /api/classes/{id}/assignments/{assignmentId}/scans: the scanned class set, answered at once with the job's id. */
export function useUploadScans(classId: string, assignmentId: string) {
  return useMutation({
    mutationFn: (body: UploadScansRequest) => apiRequest<UploadScansResponse>('POST', scansUrl(classId, assignmentId), body),
  });
}

/** How often the page asks for the job's progress while it is queued or running. */
export const GRADING_JOB_POLL_MS = 1000;

/** GET /api/grading-jobs/{id}: polled until the job is done or failed; then the class's markbook is fetched again. */
export function useGradingJob(jobId: string | null) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: ['/api/grading-jobs', jobId],
    enabled: jobId !== null,
    queryFn: async () => {
      const job = await apiRequest<GradingJob>('GET', `/api/grading-jobs/${encodeURIComponent(jobId ?? '')}`);
      if (job.state === 'done') void queryClient.invalidateQueries({ queryKey: ['/api/classes'] });
      return job;
    },
    refetchInterval: (query) => {
      const state = query.state.data?.state;
      return state === 'done' || state === 'failed' ? false : GRADING_JOB_POLL_MS;
    },
  });
}

/** POST /api/grading-jobs/{id}/pages/{page}/assign: an unmatched page is this student's page; the job as it is now. */
export function useAssignScanPage(jobId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ page, ...body }: AssignScanPageRequest & { page: number }) =>
      apiRequest<GradingJob>('POST', assignScanPageUrl(jobId, page), body),
    onSuccess: (job) => {
      queryClient.setQueryData(['/api/grading-jobs', jobId], job);
      void queryClient.invalidateQueries({ queryKey: ['/api/classes'] });
    },
  });
}
