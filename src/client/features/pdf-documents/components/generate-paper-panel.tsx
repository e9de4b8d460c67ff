import { useState, type FormEvent } from 'react';
import { Link } from 'wouter';
import { FileQuestion, Sparkles } from 'lucide-react';
import { DOCUMENT_TEXT } from '../../../../shared/documents-text';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { Spinner } from '../../../components/ui/spinner';
import { toast } from '../../../components/ui/toast-store';
import { serverMessageOf } from '../../../lib/api-request';
import { useGenerateDocumentQuestions } from '../api/generate-document-questions';
import { PDF_TEXT } from '../pdf-text';
import type { CurrentPdf } from './ask-question-panel';

/** §2 'Generate Paper': a question paper written from the current PDF, in the student's course for the subject. */
export function GeneratePaperPanel({ pdf, onStored }: { pdf: CurrentPdf | null; onStored: (pdfData: string, documentId: string) => void }) {
  const [subject, setSubject] = useState('');
  const generate = useGenerateDocumentQuestions();
  // §4: the paper id is kept for the document it was written from.
  const paper = generate.data && pdf && generate.variables?.pdfData === pdf.pdfData ? generate.data : undefined;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (generate.isPending) return;
    if (!pdf) {
      toast({ title: DOCUMENT_TEXT.noPdfTitle, description: DOCUMENT_TEXT.noPdf, variant: 'destructive' });
      return;
    }
    if (!subject.trim()) {
      toast({ title: DOCUMENT_TEXT.subjectRequiredTitle, description: DOCUMENT_TEXT.subjectRequired, variant: 'destructive' });
      return;
    }
    generate.mutate(
      { pdfData: pdf.pdfData, pdfName: pdf.pdfName, subject: subject.trim() },
      {
        onSuccess: (result, input) => {
          onStored(input.pdfData, result.documentId);
          toast({
            title: PDF_TEXT.generatedTitle,
            description: `${result.title}: ${result.totalQuestions} ${result.totalQuestions === 1 ? 'question' : 'questions'} ready to practise.`,
          });
        },
        onError: (error) =>
          toast({
            title: PDF_TEXT.generateErrorTitle,
            description: serverMessageOf(error, DOCUMENT_TEXT.generateFailed),
            variant: 'destructive',
          }),
      },
    );
  };

  return (
    <div className="grid gap-4">
      <form onSubmit={submit} className="grid gap-2">
        <Label htmlFor="pdf-subject">Subject</Label>
        <Input
          id="pdf-subject"
          value={subject}
          onChange={(e) => setSubject(e.target.value)}
          maxLength={80}
          disabled={generate.isPending}
          aria-describedby="pdf-subject-hint"
          placeholder="Biology, Chemistry, Physics, etc."
        />
        <p id="pdf-subject-hint" className="text-xs text-slate-500">
          The paper is added to your course for this subject (a new course is made if you have none).
        </p>
        <Button type="submit" disabled={generate.isPending} className="w-full sm:w-auto sm:justify-self-start">
          <Sparkles aria-hidden />
          {generate.isPending ? 'Generating...' : PDF_TEXT.generateQuestions}
        </Button>
      </form>

      {generate.isPending ? (
        <div className="rounded-lg border border-slate-200 bg-slate-50 p-4 text-sm text-slate-600">
          <Spinner label="Writing questions from the document..." />
        </div>
      ) : null}

      {paper ? (
        <section aria-labelledby="pdf-paper-heading" className="rounded-lg border border-emerald-200 bg-emerald-50 p-4">
          <h3 id="pdf-paper-heading" className="flex items-center gap-2 font-semibold text-slate-900">
            <FileQuestion aria-hidden className="size-5 text-emerald-700" /> {paper.title}
          </h3>
          <p className="mt-1 text-sm text-slate-700">
            {paper.totalQuestions} {paper.totalQuestions === 1 ? 'question' : 'questions'} · written by {paper.generatedBy}
          </p>
          {paper.note ? <p className="mt-1 text-sm text-slate-600">{paper.note}</p> : null}
          <Button asChild className="mt-3 w-full sm:w-auto">
            <Link href={`/question-papers/${paper.questionPaperId}`}>{PDF_TEXT.viewPaper}</Link>
          </Button>
        </section>
      ) : null}
    </div>
  );
}
