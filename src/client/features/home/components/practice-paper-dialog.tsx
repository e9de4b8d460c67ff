import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'wouter';
import { DifficultyField } from '../../../components/difficulty-field';
import { Download, ExternalLink, Printer } from 'lucide-react';
import { DEFAULT_DIFFICULTY, QUESTION_COUNT } from '../../../../shared/practice-text';
import { type PracticePaperRequest } from '../../../../shared/practice-paper';
import type { Course } from '../../../../shared/practice';
import type { TopicMatch } from '../../../../shared/topics';
import { PRACTICE_PAPER_TEXT } from '../../../../shared/practice-paper-text';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { isApiError, serverMessageOf } from '../../../lib/api-request';
import { queryKeys } from '../../../lib/api/query-keys';
import { reprintUrl, useDownloadPracticePaperPdf } from '../api/download-practice-paper-pdf';
import { useGeneratePracticePaper } from '../api/generate-practice-paper';
import { createPrintableUrl, openPrintWindow, printInWindow } from '../print-window';
import { QuestionCountField } from '../../../components/question-count-field';
import { TopicCheckNotice, useTopicCheck } from '../../../components/topic-check';

type Difficulty = PracticePaperRequest['difficultyLevel'];

/** A reason the server gave for refusing (e.g. a subject the offline bank does not cover); none for outages. */
function reasonOf(error: unknown): string {
  const cause = error instanceof Error ? error.cause : undefined;
  return isApiError(cause) && cause.status < 500 ? serverMessageOf(cause, '') : '';
}

/** The part of a topic a near match stands for ('enzymes' in Biological molecules), or null when it is the topic itself. */
function partOfTopic(match: (TopicMatch & { typed: string }) | null): string | null {
  if (match?.status !== 'near' || !match.topic) return null;
  const part = (match.suggestion ?? match.typed).trim();
  return part.toLowerCase() === match.topic.toLowerCase() ? null : part;
}

/**
 * Under a near match that is part of a topic (issue 27): the paper printed here is on the whole topic, so where the
 * finer sub-topics are, a course of the subject (its topic field and its Specification page), is named.
 */
function FinerSubTopicPointer({ part, subject, courses }: { part: string; subject: string; courses: Course[] | undefined }) {
  const course = courses?.find((c) => c.subject.trim().toLowerCase() === subject.trim().toLowerCase());
  return (
    <p className="text-xs text-slate-600">
      Only {part}?{' '}
      {course ? (
        <>
          In your course{' '}
          <Link href={`/courses/${course.id}`} className="underline">
            {course.title}
          </Link>
          , the topic field offers your exam board&rsquo;s finer sub-topics, and its{' '}
          <Link href={`/courses/${course.id}/specification`} className="underline">
            Specification page
          </Link>{' '}
          draws a paper on any of its points.
        </>
      ) : (
        <>A {subject.trim()} course (New Course) offers your exam board&rsquo;s finer sub-topics, such as a single specification point.</>
      )}
    </p>
  );
}

/**
 * §2 Practice-paper PDF dialog: subject, topic, number of questions, difficulty and the teachers' options.
 * The paper opens in a new window and prints after 500 ms; on success the dialog closes and its fields reset.
 */
export function PracticePaperDialog() {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [subject, setSubject] = useState('');
  const [topic, setTopic] = useState('');
  const [count, setCount] = useState<number>(QUESTION_COUNT.default);
  const [difficulty, setDifficulty] = useState<Difficulty>(DEFAULT_DIFFICULTY);
  const [includeAnswers, setIncludeAnswers] = useState(false);
  const [includeMarkScheme, setIncludeMarkScheme] = useState(false);
  const [failure, setFailure] = useState<{ reason: string } | null>(null);
  const [fallback, setFallback] = useState<{ url: string; filename: string } | null>(null);
  const generate = useGeneratePracticePaper();
  const pdf = useDownloadPracticePaperPdf();
  const blank = !subject.trim() || !topic.trim();
  const topicCheck = useTopicCheck();
  const part = partOfTopic(topicCheck.match);
  // the student's courses are read only when a finer sub-topic is to be pointed to
  const courses = useQuery<Course[]>({ queryKey: queryKeys.courses(), enabled: part !== null });

  // The dialog has no Radix trigger to return focus to, so keyboard users are brought back to this button.
  const triggerRef = useRef<HTMLButtonElement>(null);
  const wasOpen = useRef(false);
  useEffect(() => {
    if (wasOpen.current && !open) triggerRef.current?.focus();
    wasOpen.current = open;
  }, [open]);

  // A blob: URL lives until the fallback it belongs to is dismissed.
  useEffect(() => {
    if (!fallback) return;
    return () => URL.revokeObjectURL(fallback.url);
  }, [fallback]);

  const resetFields = () => {
    setSubject('');
    setTopic('');
    setCount(QUESTION_COUNT.default);
    setDifficulty(DEFAULT_DIFFICULTY);
    setIncludeAnswers(false);
    setIncludeMarkScheme(false);
  };

  const changeOpen = (next: boolean) => {
    setOpen(next);
    if (!next) {
      setFailure(null);
      setFallback(null);
    }
  };

  /** The topic to print, once checked (issue 27): a near one is suggested and an unknown one refused first. */
  const checkedTopic = async (): Promise<string | null> => {
    const decision = await topicCheck.check(subject.trim(), topic.trim());
    return decision.go ? decision.topic : null;
  };

  const downloadPdf = async (chosen?: string) => {
    if (pdf.isPending || generate.isPending || topicCheck.checking || blank) return;
    setFailure(null);
    const paperTopic = chosen ?? (await checkedTopic());
    if (!paperTopic) return;
    pdf.mutate(
      {
        subject: subject.trim(),
        topic: paperTopic,
        questionCount: count,
        difficultyLevel: difficulty,
        includeAnswers,
        includeMarkScheme,
      },
      { onError: (error: unknown) => setFailure({ reason: reasonOf(error) }) },
    );
  };

  const submit = async (event: FormEvent | null, chosen?: string) => {
    event?.preventDefault();
    if (generate.isPending || topicCheck.checking || blank) return;
    setFailure(null);
    // The print window is opened in the click's own turn (a popup blocker allows only that), before the topic is checked.
    const target = openPrintWindow();
    const paperTopic = chosen ?? (await checkedTopic());
    if (!paperTopic) {
      target?.close();
      return;
    }
    generate
      .mutateAsync({
        subject: subject.trim(),
        topic: paperTopic,
        questionCount: count,
        difficultyLevel: difficulty,
        includeAnswers,
        includeMarkScheme,
      })
      .then(
        (paper) => {
          resetFields();
          if (printInWindow(target, paper.html)) {
            changeOpen(false);
            return;
          }
          // The window was blocked or closed meanwhile: the paper is offered as a link instead.
          setFallback({ url: createPrintableUrl(paper.html), filename: paper.filename });
          setOpen(true);
        },
        (error: unknown) => {
          target?.close();
          setFailure({ reason: reasonOf(error) });
          // Shown in the dialog, with the fields as they were, even if it was closed while generating.
          setOpen(true);
        },
      );
  };

  return (
    <>
      <button
        ref={triggerRef}
        type="button"
        onClick={() => changeOpen(true)}
        aria-haspopup="dialog"
        aria-labelledby={`${id}-trigger-title`}
        aria-describedby={`${id}-trigger-text`}
        className="group h-full rounded-xl border border-slate-200 bg-white text-left shadow-sm transition-shadow hover:shadow-md focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
      >
        <span className="flex flex-col gap-1.5 p-5 pb-3">
          <Printer aria-hidden className="size-6 text-brand-600" />
          <span id={`${id}-trigger-title`} className="text-base font-semibold leading-tight text-slate-900">
            Practice paper PDF
          </span>
          <span id={`${id}-trigger-text`} className="text-sm text-slate-600">
            Print a paper on a topic of your subject, with answer keys and mark schemes for teachers.
          </span>
        </span>
      </button>

      <Dialog
        open={open}
        onOpenChange={changeOpen}
        title="Practice paper PDF"
        description="The paper opens in a new window, ready to print or save as a PDF."
      >
        {fallback ? (
          <div className="grid gap-4">
            <p role="status">
              Your practice paper is ready, but the browser did not let it open in a new window. Open it here, then use your browser's Print
              to print it or save it as a PDF.
            </p>
            <div className="flex flex-col gap-2 sm:flex-row">
              <Button asChild>
                <a href={fallback.url} target="_blank" rel="noopener">
                  <ExternalLink aria-hidden /> Open practice paper
                </a>
              </Button>
              <Button asChild variant="outline">
                <a href={fallback.url} download={fallback.filename}>
                  <Download aria-hidden /> Download
                </a>
              </Button>
            </div>
            <Button type="button" variant="ghost" onClick={() => setFallback(null)}>
              Make another paper
            </Button>
          </div>
        ) : (
          <form onSubmit={(e) => void submit(e)} className="grid gap-4" aria-busy={generate.isPending || topicCheck.checking}>
            <div className="grid gap-4 sm:grid-cols-2">
              <div className="grid gap-1.5">
                <Label htmlFor={`${id}-subject`}>Subject</Label>
                <Input
                  id={`${id}-subject`}
                  value={subject}
                  onChange={(e) => {
                    setSubject(e.target.value);
                    topicCheck.clear();
                  }}
                  placeholder="Biology, Chemistry, Physics, etc."
                  maxLength={80}
                  autoComplete="off"
                  disabled={generate.isPending}
                />
              </div>
              <div className="grid gap-1.5">
                <Label htmlFor={`${id}-topic`}>Topic</Label>
                <Input
                  id={`${id}-topic`}
                  value={topic}
                  onChange={(e) => {
                    setTopic(e.target.value);
                    topicCheck.clear();
                  }}
                  placeholder="e.g. Enzymes"
                  maxLength={120}
                  autoComplete="off"
                  disabled={generate.isPending}
                />
              </div>
            </div>
            <QuestionCountField id={`${id}-count`} value={count} onChange={setCount} disabled={generate.isPending} />
            <DifficultyField id={`${id}-difficulty`} value={difficulty} onChange={setDifficulty} disabled={generate.isPending} />
            <div className="grid gap-2">
              <label className="flex min-h-6 items-center gap-2 text-sm text-slate-700">
                <input
                  type="checkbox"
                  className="size-4 shrink-0 accent-brand-600"
                  checked={includeAnswers}
                  onChange={(e) => setIncludeAnswers(e.target.checked)}
                  disabled={generate.isPending}
                />
                Include answer keys (for teachers)
              </label>
              <label className="flex min-h-6 items-center gap-2 text-sm text-slate-700">
                <input
                  type="checkbox"
                  className="size-4 shrink-0 accent-brand-600"
                  checked={includeMarkScheme}
                  onChange={(e) => setIncludeMarkScheme(e.target.checked)}
                  disabled={generate.isPending}
                />
                Include mark schemes (for teachers)
              </label>
            </div>
            {topicCheck.match ? (
              <TopicCheckNotice
                match={topicCheck.match}
                onUse={(chosen) => {
                  setTopic(chosen);
                  topicCheck.clear();
                  void submit(null, chosen);
                }}
                onEdit={() => {
                  topicCheck.clear();
                  document.getElementById(`${id}-topic`)?.focus();
                }}
              />
            ) : null}
            {part ? <FinerSubTopicPointer part={part} subject={subject} courses={courses.data} /> : null}
            {failure ? (
              <div role="alert" className="grid gap-1 rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-700">
                <p className="font-medium">{PRACTICE_PAPER_TEXT.failedAlert}</p>
                {failure.reason ? <p>{failure.reason}</p> : null}
              </div>
            ) : null}
            <div className="grid gap-2 sm:justify-items-end">
              <div className="flex w-full flex-col gap-2 sm:w-auto sm:flex-row">
                <Button
                  type="button"
                  variant="outline"
                  className="w-full sm:w-auto"
                  onClick={() => void downloadPdf()}
                  disabled={pdf.isPending || generate.isPending || blank}
                  aria-describedby={blank ? `${id}-required` : undefined}
                >
                  <Download aria-hidden /> {pdf.isPending ? 'Making PDF...' : 'Download PDF file'}
                </Button>
                <Button
                  type="submit"
                  className="w-full sm:w-auto"
                  disabled={generate.isPending || pdf.isPending || blank}
                  aria-describedby={blank ? `${id}-required` : undefined}
                >
                  <Printer aria-hidden /> {generate.isPending ? 'Generating...' : 'Generate PDF'}
                </Button>
              </div>
              {pdf.isSuccess ? (
                <div role="status" className="space-y-1 text-xs text-slate-600">
                  <p>
                    Saved {pdf.data.filename}.{' '}
                    {pdf.data.code ? (
                      <>
                        This is paper <strong>{pdf.data.code}</strong>: its code and QR code are on every page for grading.
                      </>
                    ) : (
                      'Each paper carries its own code and QR code for grading.'
                    )}
                  </p>
                  {pdf.data.code ? (
                    <p>
                      The same paper again:{' '}
                      <a className="underline" href={reprintUrl(pdf.data.code)} download>
                        student copy
                      </a>
                      {' · '}
                      <a className="underline" href={reprintUrl(pdf.data.code, ['answers'])} download>
                        with answer key
                      </a>
                      {' · '}
                      <a className="underline" href={reprintUrl(pdf.data.code, ['answers', 'scheme'])} download>
                        with answer key and mark scheme
                      </a>
                    </p>
                  ) : null}
                </div>
              ) : null}
              {blank ? (
                <p id={`${id}-required`} className="text-xs text-slate-500">
                  {PRACTICE_PAPER_TEXT.subjectAndTopicRequired}
                </p>
              ) : null}
            </div>
          </form>
        )}
      </Dialog>
    </>
  );
}
