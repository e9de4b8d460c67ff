import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Loader2, Sparkles } from 'lucide-react';
import { GRADING_TEXT, MAX_MARKS, type GradingResult } from '../../../shared/teacher';
import { PageHeader } from '../../components/page-header';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { Input } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { toast } from '../../components/ui/toast';
import { useGradeAnswer } from './api/grade-answer';
import { EarlierResults } from './components/earlier-results';
import { GradingResultPanel } from './components/grading-result-panel';
import { ImageUploadField, type ChosenImage } from './components/image-upload-field';
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

export function TeacherGradingPage() {
  const [questionImage, setQuestionImage] = useState<ChosenImage | null>(null);
  const [answerImage, setAnswerImage] = useState<ChosenImage | null>(null);
  const [maxMarks, setMaxMarks] = useState(String(MAX_MARKS.default));
  const [marksBadInput, setMarksBadInput] = useState(false);
  const [shown, setShown] = useState<GradingResult | null>(null);
  const resultsHeading = useRef<HTMLSpanElement>(null);
  const grade = useGradeAnswer();
  useNoStrayDrops();

  const marksValid = parseMaxMarks(maxMarks, marksBadInput) !== null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (grade.isPending) return;
    if (!questionImage || !answerImage) {
      toast({ title: GRADING_TEXT.missingImagesTitle, description: GRADING_TEXT.missingImages, variant: 'destructive' });
      return;
    }
    const marks = parseMaxMarks(maxMarks, marksBadInput);
    if (marks === null) {
      toast({ title: GRADING_TEXT.invalidMarksTitle, description: GRADING_TEXT.invalidMarks, variant: 'destructive' });
      return;
    }
    grade.mutate(
      { questionImage: questionImage.base64, answerImage: answerImage.base64, maxMarks: marks },
      {
        onSuccess: (result) => {
          setShown(result);
          toast({ title: GRADING_TOAST.completeTitle, description: `Marks awarded: ${result.marksAwarded}/${result.totalMarks}` });
        },
        onError: (error) => toast({ title: GRADING_TOAST.failedTitle, description: gradingErrorMessage(error), variant: 'destructive' }),
      },
    );
  };

  const showEarlier = (result: GradingResult) => {
    setShown(result);
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
              <div className="grid gap-2">
                <Label htmlFor="max-marks">Maximum Marks (optional)</Label>
                <Input
                  id="max-marks"
                  type="number"
                  inputMode="numeric"
                  min={MAX_MARKS.min}
                  max={MAX_MARKS.max}
                  step={1}
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
                  A whole number from {MAX_MARKS.min} to {MAX_MARKS.max}; left blank, the answer is marked out of {MAX_MARKS.default}.
                </p>
              </div>
              <Button type="submit" size="lg" className="w-full" disabled={grade.isPending}>
                {grade.isPending ? <Loader2 aria-hidden className="animate-spin" /> : <Sparkles aria-hidden />}
                {grade.isPending ? 'Grading Answer...' : 'Grade Answer with AI'}
              </Button>
            </form>
          </CardContent>
        </Card>
        <GradingResultPanel ref={resultsHeading} result={shown} pending={grade.isPending} />
      </div>
      <EarlierResults selectedId={shown?.id ?? null} onSelect={showEarlier} />
    </div>
  );
}
