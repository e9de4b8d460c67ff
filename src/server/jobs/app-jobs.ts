import type { Config } from '../config';
import type { Database } from '../db/client';
import type { Engine } from '../engine/engine';
import { gradingRunTiming, runGradingJob } from '../services/grading-jobs';
import { createJobQueue, type JobQueue } from './job-queue';

/** The app's job queue with its handlers: what the server (and `npm run worker`) runs in the background. */
export function createAppJobs(
  opts: { config: Config; database: Database; engine: Engine; work?: boolean },
  onError: (error: Error) => void = () => undefined,
): JobQueue {
  const { config, database, engine } = opts;
  const timing = gradingRunTiming(config.GRADING_JOB_TIMEOUT_SECONDS);
  return createJobQueue(
    database,
    { 'grade-scans': ({ gradingJobId }) => runGradingJob(database.db, engine, gradingJobId, timing) },
    {
      timeoutSeconds: config.GRADING_JOB_TIMEOUT_SECONDS,
      superviseSeconds: config.JOB_SUPERVISE_SECONDS,
      work: opts.work,
      onError,
    },
  );
}
