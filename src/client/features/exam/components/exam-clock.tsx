import { formatElapsed } from '../../../lib/format';
import { useElapsedSeconds, type ExamTimer } from '../use-exam-timer';

/** hh:mm:ss of the exam so far (§2): the one part of the exam screen that changes every second. */
export function ExamClock({ timer }: { timer: ExamTimer }) {
  return <>{formatElapsed(useElapsedSeconds(timer))}</>;
}
