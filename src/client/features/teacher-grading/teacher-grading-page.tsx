import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Loader2, Sparkles } from 'lucide-react';
import { type GradingResult, type NeedsSchemeResponse } from '../../../shared/teacher';
import { GRADING_TEXT, MAX_MARKS, MAX_MARKS_TEXT, typedSchemeHasMarks } from '../../../shared/teacher-text';
import { PageHeader } from '../../components/page-header';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { Input } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { toast } from '../../components/ui/toast-store';
import { isApiError } from '../../lib/api-request';
import { useGradeAnswer, type GradeAnswerInput } from './api/grade-answer';
import { EarlierResults } from './components/earlier-results';
import { GradingResultPanel, type GradingProblem } from './components/grading-result-panel';
import { ImageUploadField, type ChosenImage } from './components/image-upload-field';
import { EMPTY_SCHEME, SchemeChooser, type SchemeChoice } from './components/scheme-chooser';
import { GRADING_TOAST, gradingErrorMessage } from './grading-error';
import { parseMaxMarks } from './grading-values';

/** A file dropped beside an upload area must not make the browser leave the page (and lose a result). */
function useNoStrayDrops() {
  useEffect(() => {
    const stop = (event: DragEvent) => {
      if (Array.from(event.dataTransfer?.types ?? []).includes('Files')) event.preventDefault();
    };
    window.addEventListener('dragover', stop);
    window.addEventListener('drop', stop);
    return () => {
      window.removeEventListener('dragover', stop);
      window.removeEventListener('drop', stop);
    };
  }, []);
}

/** What to do after a failed grading, by what failed. */
function problemOf(error: unknown, message: string): GradingProblem {
  const status = isApiError(error) ? error.status : 0;
  const body = isApiError(error) ? (error.body as Partial<NeedsSchemeResponse> | undefined) : undefined;
  if (status === 422 && body?.needsScheme) {
    return {
      message,
      next: 'Pick the question, type its mark scheme (the question as read is filled in for you), or use the printed paper’s code.',
      needsScheme: { questionText: body.questionText ?? '' },
    };
  }
  if (status === 404) return { message, next: 'Check the paper code or choose another question, then grade again.' };
  if (status === 413) return { message, next: 'Use a smaller photo (under 10MB); your other choices are kept.' };
  if (status === 400) return { message, next: 'Check the photos and choices above: a sharp, well-lit JPG or PNG taken straight on.' };
  if (status === 401) return { message, next: 'Sign in again, then grade the answer again.' };
  return { message, next: 'Wait a moment and press Grade Answer with AI again; your photos are still here.' };
}

export function TeacherGradingPage() {
  const [questionImage, setQuestionImage] = useState<ChosenImage | null>(null);
  const [answerImage, setAnswerImage] = useState<ChosenImage | null>(null);
  const [maxMarks, setMaxMarks] = useState('');
  const [marksBadInput, setMarksBadInput] = useState(false);
  const [shown, setShown] = useState<GradingResult | null>(null);
  const [shownImage, setShownImage] = useState<string | null>(null);
  const [problem, setProblem] = useState<GradingProblem | null>(null);
  const [scheme, setScheme] = useState<SchemeChoice>(EMPTY_SCHEME);
  const resultsHeading = useRef<HTMLSpanElement>(null);
  const grade = useGradeAnswer();
  useNoStrayDrops();

  // The maximum comes from the scheme (issue 26); it is asked for only for a typed scheme that gives no marks.
  const asksMaxMarks = scheme.mode === 'typed' && scheme.markScheme.trim() !== '' && !typedSchemeHasMarks(scheme.markScheme);
  const marksValid = !asksMaxMarks || maxMarks.trim() === '' || parseMaxMarks(maxMarks, marksBadInput) !== null;

  const fail = (title: string, description: string, next: string) => {
    toast({ title, description, variant: 'destructive' });
    setProblem({ message: description, next });
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (grade.isPending) return;
    const needsQuestionImage = scheme.mode === 'photo';
    if (!answerImage || (needsQuestionImage && !questionImage)) {
      fail(GRADING_TEXT.missingImagesTitle, GRADING_TEXT.missingImages, 'Add the missing photo above, then grade again.');
      return;
    }
    if (scheme.mode === 'question' && !scheme.questionId) {
      fail('No question chosen', 'Choose the question the answer is for.', 'Search for it under “Pick a question” and choose it.');
      return;
    }
    if (scheme.mode === 'typed' && !scheme.markScheme.trim()) {
      fail('No mark scheme', 'Type the mark scheme, one point a line.', 'Put “[2]” at the end of a point worth 2 marks.');
      return;
    }
    const marks = asksMaxMarks ? parseMaxMarks(maxMarks, marksBadInput) : null;
    if (asksMaxMarks && marks === null) {
      if (maxMarks.trim() === '' && !marksBadInput)
        fail(GRADING_TEXT.invalidMarksTitle, MAX_MARKS_TEXT.needed, 'Enter the maximum marks, then grade again.');
      else fail(GRADING_TEXT.invalidMarksTitle, GRADING_TEXT.invalidMarks, 'Set the maximum marks to a whole number from 1 to 100.');
      return;
    }
    const input: GradeAnswerInput = { answerImage: answerImage.base64 };
    if (marks !== null) input.maxMarks = marks;
    if (questionImage) input.questionImage = questionImage.base64;
    if (scheme.mode === 'paper' && scheme.paperCode.trim()) input.paperCode = scheme.paperCode.trim();
    if (scheme.mode === 'question') input.questionId = scheme.questionId;
    if (scheme.mode === 'typed') {
      input.markScheme = scheme.markScheme;
      if (scheme.questionText.trim()) input.questionText = scheme.questionText.trim();
    }
    setProblem(null);
    grade.mutate(input, {
      onSuccess: (result) => {
        setShown(result);
        setShownImage(answerImage.dataUrl);
        toast({ title: GRADING_TOAST.completeTitle, description: `Marks awarded: ${result.marksAwarded}/${result.totalMarks}` });
      },
      onError: (error) => {
        const message = gradingErrorMessage(error);
        toast({ title: GRADING_TOAST.failedTitle, description: message, variant: 'destructive' });
        setShown(null);
        setProblem(problemOf(error, message));
      },
    });
  };

  const showEarlier = (result: GradingResult) => {
    setShown(result);
    setShownImage(null);
    setProblem(null);
    // On a phone the results panel is above the list: bring it into view, and keyboard focus with it.
    resultsHeading.current?.focus();
  };

  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
      <PageHeader
        title="Teacher Grading"
        description="Upload a photographed question paper and a handwritten answer sheet, and get marks with a breakdown by section."
      />
      <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-2">
        <Card>
          <CardHeader>
            <CardTitle>Upload Sheets</CardTitle>
            <CardDescription>Photos are scaled down and compressed on this device before they are sent.</CardDescription>
          </CardHeader>
          <CardContent>
            <form onSubmit={submit} className="grid gap-5" noValidate>
              <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
                <ImageUploadField id="question-image" title="Question Paper Image" value={questionImage} onChange={setQuestionImage} />
                <ImageUploadField id="answer-image" title="Answer Sheet Image" value={answerImage} onChange={setAnswerImage} />
              </div>
              <SchemeChooser value={scheme} onChange={setScheme} />
              {asksMaxMarks ? (
                <div className="grid gap-2">
                  <Label htmlFor="max-marks">Maximum Marks</Label>
                  <Input
                    id="max-marks"
                    type="number"
                    inputMode="numeric"
                    min={MAX_MARKS.min}
                    max={MAX_MARKS.max}
                    step={1}
                    required
                    value={maxMarks}
                    onChange={(event) => {
                      setMaxMarks(event.target.value);
                      setMarksBadInput(event.target.validity?.badInput ?? false);
                    }}
                    aria-describedby="max-marks-hint"
                    aria-invalid={!marksValid}
                    className="sm:max-w-40"
                  />
                  <p id="max-marks-hint" className={marksValid ? 'text-xs text-slate-500' : 'text-xs text-red-600'}>
                    Your scheme gives no marks: a whole number from {MAX_MARKS.min} to {MAX_MARKS.max}, shared among its points. With a
                    printed paper, a chosen question or “[2]” in the scheme, the marks come from the scheme.
                  </p>
                </div>
              ) : null}
              <Button type="submit" size="lg" className="w-full" disabled={grade.isPending}>
                {grade.isPending ? <Loader2 aria-hidden className="animate-spin" /> : <Sparkles aria-hidden />}
                {grade.isPending ? 'Grading Answer...' : 'Grade Answer with AI'}
              </Button>
            </form>
          </CardContent>
        </Card>
        <GradingResultPanel
          ref={resultsHeading}
          result={shown}
          pending={grade.isPending}
          problem={problem}
          image={shownImage}
          onUpdated={setShown}
          onTypeScheme={(questionText) => {
            setScheme({ ...scheme, mode: 'typed', questionText: scheme.questionText || questionText });
            setProblem(null);
            window.setTimeout(() => document.getElementById('typed-scheme')?.focus(), 0);
          }}
          onPickQuestion={() => {
            setScheme({ ...scheme, mode: 'question' });
            setProblem(null);
          }}
        />
      </div>
      <EarlierResults selectedId={shown?.id ?? null} onSelect={showEarlier} />
    </div>
  );
}
