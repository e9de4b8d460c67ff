import { lazy, Suspense, useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useLocation, useParams } from 'wouter';
import { ArrowLeft, ChevronLeft, ChevronRight, Clock, Flag, Lightbulb, MessageCircleQuestion } from 'lucide-react';
import { ASSIGNMENT_TEXT } from '../../../shared/assignment-text';
import { ATTEMPT_TEXT } from '../../../shared/attempts-text';
import { type Question } from '../../../shared/practice';
import { ANSWER_CONFLICT_NOTICE, PRACTICE_TEXT, practiceTitle } from '../../../shared/practice-text';
import { LoadingBlock } from '../../components/loading-block';
import { NotFoundCard } from '../../components/not-found-card';
import { RichHtml } from '../../components/rich-html';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { Dialog } from '../../components/ui/dialog';
import { ProgressBar } from '../../components/ui/progress-bar';
import { toast } from '../../components/ui/toast-store';
import { isApiError, serverMessageOf } from '../../lib/api-request';
import { localAssignmentMessage } from '../../lib/assignment-words';
import { useCourse } from '../../lib/api/course';
import { usePaper } from '../../lib/api/paper';
import { useQuestions } from '../../lib/api/paper-questions';
import { formatQuestionType } from '../../lib/format';
import { powersInHtml } from '../../lib/powers';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useAnswer } from './api/answer';
import { answerConflictOf, saveAnswer } from './api/save-answer';
import { useFinishPaper } from './api/finish-paper';
import { useFeedback } from './api/feedback';
import { useSubmitAnswer } from './api/submit-answer';
import { useUserAnswers } from '../../lib/api/user-answers';
import { AnswerConflict } from './components/answer-conflict';
import { AnswerInput } from './components/answer-input';
import { AssignmentLine } from './components/assignment-line';
import { NeedsMarkScheme } from './components/write-mark-scheme';
import { useActiveTime } from './use-active-time';
import { useAutosave, type SaveState } from './use-autosave';
import { useExamTimer } from './use-exam-timer';
import { ExamClock } from './components/exam-clock';

// The feedback panel and the tutor are their own chunks, fetched as the question is first drawn: the question and
// the answer box do not wait for their code to arrive and run.
const FeedbackPanel = lazy(() => import('./components/feedback-panel').then((m) => ({ default: m.FeedbackPanel })));
const TutorChat = lazy(() => import('./components/tutor-chat').then((m) => ({ default: m.TutorChat })));

const SAVE_LABEL: Record<SaveState, string> = {
  idle: '',
  pending: 'Unsaved changes',
  saving: 'Saving...',
  saved: 'Saved',
  offline: 'Saved on this device — retrying the server...',
  conflict: 'Not saved yet: choose a version',
};

/** Where focus goes once the screen has caught up: the feedback's heading after Submit, the answer box after Next/Previous. */
type FocusRequest = { to: 'feedback' } | { to: 'answer'; questionId: string } | { to: 'answer-box' } | null;

/** The answer box of the question on screen: the selected option, else the first control (text box or option). */
function answerControlIn(box: HTMLElement | null): HTMLElement | null {
  return box?.querySelector<HTMLElement>('input:checked') ?? box?.querySelector<HTMLElement>('textarea, input') ?? null;
}

function LoadErrorCard({ detail, retrying, onRetry }: { detail: string; retrying: boolean; onRetry: () => void }) {
  return (
    <div className="mx-auto max-w-lg px-4 py-16 text-center" role="alert">
      <h1 className="text-2xl font-bold text-slate-900">Something went wrong</h1>
      <p className="mt-2 text-slate-600">{detail}</p>
      <Button className="mt-6" onClick={onRetry} disabled={retrying}>
        {retrying ? 'Trying again...' : 'Try again'}
      </Button>
    </div>
  );
}

/** Below Tailwind's `sm`: the phone layout, where the tutor is a bottom sheet and the toast spans the top. */
function onPhone(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(max-width: 639px)').matches;
}

export function ExamPage() {
  const params = useParams<{ courseId: string; paperId?: string; questionId?: string }>();
  const { courseId, paperId } = params;
  const [, navigate] = useLocation();
  const course = useCourse(courseId);
  const paper = usePaper(paperId);
  const questions = useQuestions(paperId ? { paperId } : { courseId });
  const userAnswers = useUserAnswers();
  const list = useMemo(() => questions.data ?? [], [questions.data]);

  // The screen is first drawn in a background render (useDeferredValue with false at first): React builds it in
  // slices of a few milliseconds between which the browser stays free, where a render started by the data's arrival
  // would build it in one piece. On a phone that one piece was the page's longest task (docs/benchmarks.md).
  const loaded = !course.isPending && !questions.isPending;
  const shown = useDeferredValue(loaded, false);

  const found = params.questionId ? list.findIndex((q) => q.id === params.questionId) : 0;
  const index = Math.max(0, found);
  const question: Question | undefined = found >= 0 ? list[found] : undefined;

  useDocumentTitle('Exam');
  // The timer starts when the questions first load, from the time the server holds for the paper.
  const timer = useExamTimer({
    paperId,
    ready: questions.isSuccess,
    serverSeconds: paperId ? (paper.isError ? 0 : (paper.data?.progress?.elapsedSeconds ?? (paper.data ? 0 : undefined))) : 0,
  });
  const finish = useFinishPaper(paperId);
  // Leaving the exam: the papers' and courses' progress changed with the answers saved here.
  const queryClient = useQueryClient();
  useEffect(
    () => () => {
      for (const queryKey of [['/api/question-papers'], ['/api/courses']]) void queryClient.invalidateQueries({ queryKey });
    },
    [queryClient],
  );
  const [confirmFinish, setConfirmFinish] = useState<string | null>(null);
  // A paper opened once can be answered with no signal: every question's answer is asked for once it has loaded,
  // so the service worker holds them all (README 'Offline and installing'), and Next shows it at once.
  // One question's at a time, each in its own task, so asking for them all never holds up the page.
  useEffect(() => {
    if (!paperId || list.length === 0) return;
    let next = 0;
    const prefetchNext = () => {
      const q = list[next++];
      if (!q) return;
      void queryClient.prefetchQuery({ queryKey: ['/api/questions', q.id, 'answer'] });
      timer = window.setTimeout(prefetchNext, 0);
    };
    let timer = window.setTimeout(prefetchNext, 1000);
    return () => window.clearTimeout(timer);
  }, [paperId, list, queryClient]);

  const answer = useAnswer(question?.id, true);
  const takeActiveSeconds = useActiveTime(question?.id);
  const autosave = useAutosave({ questionId: question?.id, serverAnswer: answer.data, ready: answer.isSuccess, takeActiveSeconds });
  const submitted = Boolean(answer.data?.submitted);
  const feedback = useFeedback(question?.id, submitted);
  const submit = useSubmitAnswer(courseId);
  const [tutorOpen, setTutorOpen] = useState(false);
  const [focusRequest, setFocusRequest] = useState<FocusRequest>(null);
  const feedbackHeading = useRef<HTMLHeadingElement>(null);
  const answerBox = useRef<HTMLDivElement>(null);
  const questionCard = useRef<HTMLDivElement>(null);
  // On a phone the tutor rises over the lower 60% of the screen: the question is brought to the top above it first.
  const openTutor = (open: boolean) => {
    if (open && onPhone()) questionCard.current?.scrollIntoView({ block: 'start' });
    setTutorOpen(open);
  };
  // Focus moves only once its target can take it: the answer box is disabled while the question's answer loads,
  // and the loaded answer reaches the box one render later (useAutosave), so the chosen option is known then.
  useEffect(() => {
    if (!focusRequest) return;
    if (focusRequest.to === 'answer') {
      if (focusRequest.questionId === question?.id && !answer.isPending) setFocusRequest({ to: 'answer-box' });
      return;
    }
    if (focusRequest.to === 'feedback') {
      // the feedback is brought into view clear of the "Answer submitted" toast at the top (focus alone scrolled its
      // heading to the top edge, under the toast): to the middle of a wide screen, and on a phone to the top, just below
      // the toast (its scroll margin), so that the toast covers the answer box above it no longer
      const heading = feedbackHeading.current;
      heading?.focus({ preventScroll: true });
      heading?.scrollIntoView?.({ block: onPhone() ? 'start' : 'center' });
    } else answerControlIn(answerBox.current)?.focus();
    setFocusRequest(null);
  }, [focusRequest, question?.id, answer.isPending]);
  const assignment = paper.data?.assignment;
  // A timed assigned paper's clock starts on the server at the first save: once saved, its deadline is asked for.
  const clockNotStarted = Boolean(assignment && assignment.timeLimitMinutes !== null && !assignment.deadlineAt);
  useEffect(() => {
    if (clockNotStarted && autosave.state === 'saved') void queryClient.invalidateQueries({ queryKey: ['/api/question-papers', paperId] });
  }, [clockNotStarted, autosave.state, queryClient, paperId]);

  if (!loaded || !shown) return <LoadingBlock text="Loading exam questions..." />;
  if (course.isError || !course.data)
    return <NotFoundCard title={PRACTICE_TEXT.courseNotFound} detail={PRACTICE_TEXT.courseNotFoundDetail} />;
  if (questions.isError) {
    if (!isApiError(questions.error) || questions.error.status !== 404) {
      return (
        <LoadErrorCard
          detail={serverMessageOf(questions.error, PRACTICE_TEXT.questionsLoadFailed)}
          retrying={questions.isFetching}
          onRetry={() => void questions.refetch()}
        />
      );
    }
    return paperId ? (
      <NotFoundCard
        title={PRACTICE_TEXT.paperNotFound}
        detail={PRACTICE_TEXT.paperNotFoundDetail}
        backHref={`/courses/${courseId}`}
        backLabel="Back to the course"
      />
    ) : (
      <NotFoundCard title={PRACTICE_TEXT.courseNotFound} detail={PRACTICE_TEXT.courseNotFoundDetail} />
    );
  }

  const backHref = paperId ? `/courses/${courseId}/papers/${paperId}` : `/courses/${courseId}`;
  if (params.questionId && !question) {
    return (
      <NotFoundCard
        title={PRACTICE_TEXT.questionNotFound}
        detail={PRACTICE_TEXT.questionNotFoundDetail}
        backHref={backHref}
        backLabel={paperId ? 'Back to the paper' : 'Back to the course'}
      />
    );
  }
  const title = paper.data?.title ?? (course.data ? practiceTitle(course.data.title) : 'Exam');
  const ids = new Set(list.map((q) => q.id));
  const answeredIds = new Set(
    (userAnswers.data ?? []).filter((a) => ids.has(a.questionId) && a.text.trim().length > 0).map((a) => a.questionId),
  );
  // (the question on screen counts from its own answer, set by each save and submission at once: the list catches up
  // with a refetch, and the header must not say "0 of 10 answers saved" just after a submission)
  if (question && answer.data) {
    if (answer.data.text.trim()) answeredIds.add(question.id);
    else answeredIds.delete(question.id);
  }
  const savedCount = answeredIds.size;
  const percent = list.length > 0 ? Math.round((100 * savedCount) / list.length) : 0;

  // Leaving the question saves its text and time (useAutosave), whichever way the student leaves.
  const goTo = (target: Question | undefined) => {
    if (!target) return;
    setFocusRequest({ to: 'answer', questionId: target.id });
    navigate(paperId ? `/courses/${courseId}/papers/${paperId}/questions/${target.id}` : `/courses/${courseId}/questions/${target.id}`);
  };

  const onSubmit = () => {
    if (!question) return;
    const text = autosave.text;
    if (!text.trim()) {
      toast({ title: 'Error submitting answer', description: PRACTICE_TEXT.answerRequired, variant: 'destructive' });
      return;
    }
    const owedSeconds = autosave.cancelPending();
    submit.mutate(
      {
        questionId: question.id,
        text,
        timeSpentSeconds: Math.min(owedSeconds + takeActiveSeconds(question.id), 3600),
        revision: autosave.settledRevision(),
      },
      {
        onSuccess: (result) => {
          if ('queued' in result) {
            toast({
              title: 'Answer waiting to be submitted',
              description: 'You are offline: it is submitted and marked when the network returns.',
            });
            return;
          }
          autosave.markSaved(text);
          setFocusRequest({ to: 'feedback' });
          void answer.refetch();
          toast({
            title: 'Answer submitted',
            // held back on an assigned paper: the message says when marks come, not who marked it
            description: result.withheld
              ? localAssignmentMessage(result.qualitative_feedback, assignment?.dueAt)
              : `Your answer has been evaluated by ${result.marked_by ?? 'the marker'}.`,
          });
        },
        onError: (error) => {
          const refused = answerConflictOf(error);
          if (refused) {
            // Another tab saved other text since: nothing was submitted; the student chooses first.
            autosave.showConflict(refused);
            toast({ title: 'Error submitting answer', description: ANSWER_CONFLICT_NOTICE, variant: 'destructive' });
            return;
          }
          if (isApiError(error) && error.status === 409) {
            // Refused by the assignment's rules (attempts used, past the due date or time limit): the server kept
            // the text as a draft; its copy is taken in (same text: no choice to make) and its reason shown.
            void answer.refetch();
            void paper.refetch();
          }
          toast({
            title: 'Error submitting answer',
            description: localAssignmentMessage(
              serverMessageOf(error, error instanceof Error && error.message ? error.message : 'Please try again later'),
              assignment?.dueAt,
            ),
            variant: 'destructive',
          });
        },
      },
    );
  };

  /** Finish: the text on screen is saved first, then every unsubmitted answer is marked on the server. */
  const runFinish = async () => {
    setConfirmFinish(null);
    if (!paperId) return;
    if (question && autosave.text.trim()) {
      const text = autosave.text;
      const owedSeconds = autosave.cancelPending();
      try {
        await saveAnswer({
          questionId: question.id,
          text,
          submitted: false,
          timeSpentSeconds: Math.min(owedSeconds + takeActiveSeconds(question.id), 3600),
          revision: await autosave.settledRevision(),
        });
        autosave.markSaved(text);
      } catch (error) {
        const refused = answerConflictOf(error);
        if (refused) autosave.showConflict(refused);
        toast({
          title: 'The paper was not finished',
          description: refused ? ANSWER_CONFLICT_NOTICE : serverMessageOf(error, 'Your answer could not be saved. Please try again.'),
          variant: 'destructive',
        });
        return;
      }
    }
    finish.mutate(
      { elapsedSeconds: timer.read() },
      {
        onSuccess: () => navigate(`/courses/${courseId}/papers/${paperId}/results`),
        onError: (error) =>
          toast({
            title: 'The paper was not finished',
            description: serverMessageOf(error, 'Please try again in a moment.'),
            variant: 'destructive',
          }),
      },
    );
  };
  const onFinish = () => {
    const onScreen = question && autosave.text.trim() && !answeredIds.has(question.id) ? 1 : 0;
    const missing = list.length - savedCount - onScreen;
    if (missing > 0) setConfirmFinish(ATTEMPT_TEXT.unanswered(missing, list.length));
    else void runFinish();
  };

  // Against the text that was marked: the answer's server copy follows every autosave.
  const changedSinceSubmit = submitted && feedback.isSuccess && autosave.text !== (feedback.data?.evaluatedText ?? null);
  const submitLabel = submit.isPending
    ? 'Submitting...'
    : submitted
      ? changedSinceSubmit
        ? 'Update and Re-evaluate Answer'
        : 'Update Answer'
      : 'Submit Answer';

  // The tutor works from the scheme: on an assigned paper it opens once the feedback is released (issue 30).
  const tutorHeld = Boolean(feedback.data?.withheld) || Boolean(assignment && !assignment.released);

  return (
    <div className="mx-auto max-w-7xl px-4 py-6">
      <div className="mb-4 flex items-start gap-3">
        <Button asChild variant="ghost" size="icon" aria-label={paperId ? 'Back to the paper' : 'Back to the course'}>
          <Link href={backHref}>
            <ArrowLeft aria-hidden />
          </Link>
        </Button>
        <div className="min-w-0">
          <h1 className="text-xl font-bold text-slate-900 sm:text-2xl">{title}</h1>
          <div className="mt-1 flex flex-wrap items-center gap-2 text-sm text-slate-600">
            {paper.data ? <Badge tone={paper.data.difficultyLevel}>{paper.data.difficultyLevel}</Badge> : null}
            <span>{course.data.subject}</span>
            {paper.data?.topic ? <span>· {paper.data.topic}</span> : null}
            <span>· {list.length} questions</span>
          </div>
          {assignment ? <AssignmentLine assignment={assignment} /> : null}
        </div>
      </div>

      <Card className="mb-6">
        <CardContent className="grid gap-3 pt-5 sm:grid-cols-[auto_1fr_auto] sm:items-center">
          <div className="flex items-center gap-2 font-mono text-lg text-slate-900" aria-label="Elapsed time">
            <Clock aria-hidden className="size-5 text-brand-600" /> <ExamClock timer={timer} />
          </div>
          <div>
            <div className="mb-1 flex justify-between text-sm text-slate-600">
              <h2 className="font-medium text-slate-900">Exam Progress</h2>
              <span>
                {savedCount} of {list.length} answers saved
              </span>
            </div>
            <ProgressBar percent={percent} label="Answers saved" />
          </div>
          <div className="flex flex-wrap items-center gap-3 text-sm font-medium text-slate-700">
            <span>{list.length > 0 ? `Question ${index + 1} of ${list.length}` : 'No questions'}</span>
            {paperId && list.length > 0 ? (
              <Button variant="outline" size="sm" onClick={onFinish} disabled={finish.isPending || submit.isPending}>
                <Flag aria-hidden /> {finish.isPending ? ATTEMPT_TEXT.finishing : ATTEMPT_TEXT.finish}
              </Button>
            ) : null}
          </div>
        </CardContent>
      </Card>

      <Dialog
        open={confirmFinish !== null}
        onOpenChange={(open) => !open && setConfirmFinish(null)}
        title="Finish this paper?"
        description={confirmFinish ?? undefined}
      >
        <p>Questions without an answer score no marks. Every answer you have written is marked now.</p>
        <div className="mt-4 flex flex-wrap justify-end gap-2">
          <Button variant="outline" onClick={() => setConfirmFinish(null)}>
            Keep answering
          </Button>
          <Button onClick={() => void runFinish()}>{ATTEMPT_TEXT.finish}</Button>
        </div>
      </Dialog>

      {!question ? (
        <Card>
          <CardContent className="py-10 text-center text-slate-600">No questions available for this paper.</CardContent>
        </Card>
      ) : (
        <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_24rem]">
          <div className="grid content-start gap-4">
            <Card ref={questionCard} className="scroll-mt-20">
              <CardHeader>
                <div className="flex flex-wrap items-center gap-2">
                  <CardTitle>Question {question.questionNumber}</CardTitle>
                  <Badge className="normal-case">{formatQuestionType(question.type)}</Badge>
                  <Badge tone="brand" className="normal-case">
                    {question.totalMarks} {question.totalMarks === 1 ? 'mark' : 'marks'}
                  </Badge>
                  {submitted ? <Badge tone="success">Submitted</Badge> : null}
                </div>
              </CardHeader>
              <CardContent className="grid gap-3">
                <RichHtml
                  html={powersInHtml(question.text)}
                  className="prose-sm max-w-none text-slate-800 [&_p]:my-2 [&_table]:my-2 [&_td]:border [&_td]:px-2 [&_th]:border [&_th]:px-2"
                />
                {question.needsScheme ? <NeedsMarkScheme questionId={question.id} canWrite={Boolean(question.canWriteScheme)} /> : null}
              </CardContent>
            </Card>

            <Card>
              <CardHeader className="flex-row items-center justify-between">
                <CardTitle className="text-base">Your answer</CardTitle>
                <span className="text-xs text-slate-500" aria-live="polite">
                  {answer.isPending ? 'Loading your answer...' : SAVE_LABEL[autosave.state]}
                </span>
              </CardHeader>
              {/* While the saved answer loads, the input is already in place (empty and disabled), so nothing below it moves. */}
              <CardContent ref={answerBox} aria-busy={answer.isPending}>
                {autosave.conflict && !answer.isPending ? (
                  <AnswerConflict
                    mine={autosave.text}
                    theirs={autosave.conflict.theirs}
                    theirsSubmitted={autosave.conflict.submitted}
                    canCombine={question.type !== 'multiple_choice'}
                    onChoose={autosave.resolveConflict}
                  />
                ) : null}
                <AnswerInput
                  question={question}
                  value={answer.isPending ? '' : autosave.text}
                  onChange={autosave.setText}
                  disabled={submit.isPending || answer.isPending}
                />
              </CardContent>
            </Card>

            <Button
              size="lg"
              className="h-14 w-full text-base"
              onClick={onSubmit}
              disabled={submit.isPending || !autosave.text.trim() || answer.isPending}
            >
              {submitLabel}
            </Button>

            <div className="flex justify-between gap-3">
              <Button variant="outline" onClick={() => goTo(list[index - 1])} disabled={index === 0}>
                <ChevronLeft aria-hidden /> Previous
              </Button>
              <Button variant="outline" onClick={() => goTo(list[index + 1])} disabled={index >= list.length - 1}>
                Next <ChevronRight aria-hidden />
              </Button>
            </div>
          </div>

          <Suspense fallback={null}>
            <div className="grid content-start gap-4">
              <FeedbackPanel
                headingRef={feedbackHeading}
                questionId={question.id}
                feedback={feedback.data}
                dueAt={assignment?.dueAt}
                loading={submitted && feedback.isPending}
                submitting={submit.isPending}
              />
              <Card>
                <CardHeader>
                  <CardTitle className="flex items-center gap-2 text-base">
                    <Lightbulb aria-hidden className="size-5 text-amber-500" /> Need more help?
                  </CardTitle>
                  <CardDescription>The tutor starts from what your answer is missing and gives one hint at a time.</CardDescription>
                </CardHeader>
                <CardContent>
                  {tutorHeld ? (
                    <p className="text-sm text-slate-600" data-testid="tutor-withheld">
                      {ASSIGNMENT_TEXT.tutorWithheld}
                    </p>
                  ) : (
                    <TutorChat
                      questionId={question.id}
                      open={tutorOpen}
                      onOpenChange={openTutor}
                      trigger={
                        <Button variant="outline" className="w-full">
                          <MessageCircleQuestion aria-hidden /> Ask the tutor
                        </Button>
                      }
                    />
                  )}
                </CardContent>
              </Card>
            </div>
          </Suspense>
        </div>
      )}
    </div>
  );
}
