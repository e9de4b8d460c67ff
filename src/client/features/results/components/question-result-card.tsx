import { Clock, HelpCircle, Info } from 'lucide-react';
import { Link } from 'wouter';
import { type QuestionResult } from '../../../../shared/attempts';
import { ATTEMPT_TEXT } from '../../../../shared/attempts-text';
import { CHECK_YOURSELF_BELOW, selfAssessedPhrase } from '../../../../shared/self-assessment-text';
import { formatMarks } from '../../../components/paper-progress';
import { hasFullMarks, PointStatusIcon, pointTone, pointToneLabel } from '../../../components/point-status';
import { RichHtml } from '../../../components/rich-html';
import { Badge } from '../../../components/ui/badge';
import { Card, CardContent, CardHeader } from '../../../components/ui/card';
import { formatElapsed } from '../../../lib/format';
import { powersInHtml, WithPowers } from '../../../lib/powers';

/**
 * One question of the results: its marks, why it has none when the server says (`note`, e.g. no mark scheme yet), the
 * answer, the point-by-point feedback and the time spent. On an assigned paper whose feedback the teacher holds back
 * (`withheld`), a submitted answer says so instead of a mark.
 */
export function QuestionResultCard({ result, withheld = false }: { result: QuestionResult; withheld?: boolean }) {
  const { question, feedback } = result;
  const answered = result.answerText.trim().length > 0;
  const headingId = `result-${question.id}`;
  const questionHref = question.paperId
    ? `/courses/${question.courseId}/papers/${question.paperId}/questions/${question.id}`
    : `/courses/${question.courseId}/questions/${question.id}`;
  return (
    <Card role="region" aria-labelledby={headingId}>
      <CardHeader>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id={headingId} className="text-base font-semibold text-slate-900">
            Question {question.questionNumber}
          </h2>
          <div className="flex flex-wrap items-center gap-2 text-sm">
            <span className="flex items-center gap-1 text-slate-600" title="Time on this question">
              <Clock aria-hidden className="size-4" />
              <span className="sr-only">Time on this question: </span>
              {formatElapsed(result.timeSpentSeconds)}
            </span>
            <Badge
              tone={withheld && result.submitted ? 'success' : result.marksAwarded === null ? 'neutral' : 'brand'}
              className="normal-case"
            >
              {withheld && result.submitted
                ? 'Submitted'
                : result.marksAwarded === null
                  ? answered
                    ? 'Not marked'
                    : ATTEMPT_TEXT.noAnswer
                  : `${formatMarks(result.marksAwarded)} / ${formatMarks(question.totalMarks)} ${question.totalMarks === 1 ? 'mark' : 'marks'}${
                      result.selfAssessedMarks ? ` (${selfAssessedPhrase(result.selfAssessedMarks)})` : ''
                    }`}
            </Badge>
          </div>
        </div>
      </CardHeader>
      <CardContent className="grid gap-3 text-sm">
        {result.note ? (
          <p className="flex gap-2 rounded-md border border-amber-200 bg-amber-50 p-2 text-amber-900" data-testid="result-note">
            <Info aria-hidden className="mt-0.5 size-4 shrink-0" />
            <span>{result.note}</span>
          </p>
        ) : null}
        <RichHtml html={question.text} className="text-slate-800 [&_p]:my-1" />
        <div>
          <h3 className="font-medium text-slate-900">Your answer</h3>
          <p className="mt-1 whitespace-pre-wrap rounded-md bg-slate-50 p-3 text-slate-700">
            {answered ? result.answerText : ATTEMPT_TEXT.noAnswer}
          </p>
        </div>
        {feedback ? (
          <div className="grid gap-2">
            <h3 className="font-medium text-slate-900">Feedback{feedback.marked_by ? ` (marked by ${feedback.marked_by})` : ''}</h3>
            {feedback.level ? (
              <p className="text-slate-700" data-testid="result-level">
                {feedback.level.level === 0
                  ? 'No level reached'
                  : `Level ${feedback.level.level} (${formatMarks(feedback.level.min_marks)}–${formatMarks(feedback.level.max_marks)} marks)`}
                : <WithPowers text={feedback.level.descriptor} />
              </p>
            ) : null}
            <RichHtml html={powersInHtml(feedback.qualitative_feedback)} className="break-words text-slate-700 [&_p]:my-1" />
            {feedback.level ? <p className="text-xs text-slate-600">Indicative content (✓ where your answer covers it):</p> : null}
            <ul className="grid gap-2">
              {feedback.markscheme_evaluation.map((point) => {
                const levels = Boolean(feedback.level);
                const tone = pointTone(point.status, { fullMarks: hasFullMarks(feedback), levels });
                const covered = point.status === 'COVERED';
                const entry = result.selfAssessments?.find((e) => e.point_id === point.point_id);
                return (
                  <li key={point.point_id} className="flex gap-2 rounded-md border border-slate-200 p-2" data-status={point.status}>
                    <PointStatusIcon tone={tone} className="mt-0.5 size-4" />
                    <div className="min-w-0 break-words">
                      <p className="text-slate-900">
                        <span className="sr-only">{pointToneLabel(tone, { levels })}: </span>
                        <WithPowers text={point.text} />
                        {point.marks !== undefined && point.marks > 0 && !levels ? (
                          <span className="ml-2 text-xs text-slate-600">
                            {point.kind ? `${point.kind} ` : ''}
                            {formatMarks(point.marks_awarded ?? (covered ? point.marks : 0))} / {formatMarks(point.marks)}
                          </span>
                        ) : null}
                      </p>
                      {tone === 'opposite' ? <p className="text-xs font-medium text-rose-700">Says the opposite</p> : null}
                      {point.note && !levels ? (
                        <p className="text-xs text-slate-600">
                          <WithPowers text={point.note} />
                        </p>
                      ) : null}
                      {point.justification ? (
                        <p className="text-xs text-slate-600">
                          <WithPowers text={point.justification} />
                        </p>
                      ) : null}
                      {!entry && point.confidence !== undefined && point.confidence < CHECK_YOURSELF_BELOW ? (
                        <p className="mt-1 flex flex-wrap items-center gap-1 text-xs text-amber-900" data-testid="result-check-yourself">
                          <HelpCircle aria-hidden className="size-3.5 shrink-0" />
                          <span className="font-semibold">Check this point yourself:</span> the marker is not sure about it.
                          {levels ? null : (
                            <Link href={questionHref} className="font-medium text-brand-700 underline">
                              Mark it yourself on the question
                            </Link>
                          )}
                        </p>
                      ) : null}
                      {entry ? (
                        <p className="text-xs font-medium text-amber-800" data-testid="result-self-assessed">
                          Self-assessed: you gave yourself {formatMarks(entry.marks_awarded)} of {formatMarks(point.marks ?? 1)}
                          {entry.teacher?.decision === 'confirmed' ? ' (confirmed by your teacher)' : ''}
                          {entry.teacher?.decision === 'overridden'
                            ? ` (your teacher changed it to ${formatMarks(entry.teacher.marks_awarded)})`
                            : ''}
                        </p>
                      ) : null}
                    </div>
                  </li>
                );
              })}
            </ul>
          </div>
        ) : null}
      </CardContent>
    </Card>
  );
}
