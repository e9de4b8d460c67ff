import { useState, type FormEvent, type KeyboardEvent } from 'react';
import { MessageSquareText } from 'lucide-react';
import { DOCUMENT_QUESTION_MAX_LENGTH, DOCUMENT_TEXT } from '../../../../shared/documents-text';
import { RichHtml } from '../../../components/rich-html';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Label } from '../../../components/ui/label';
import { Spinner } from '../../../components/ui/spinner';
import { toast } from '../../../components/ui/toast-store';
import { serverMessageOf } from '../../../lib/api-request';
import { useAskDocument } from '../api/ask-document';
import { PDF_TEXT } from '../pdf-text';

/** The document the tools work on: its base64 and file name, or null before a PDF is loaded. */
export interface CurrentPdf {
  pdfData: string;
  pdfName: string;
}

const ANSWER_HTML =
  'text-slate-800 [&_p]:my-2 [&_blockquote]:my-2 [&_blockquote]:border-l-4 [&_blockquote]:border-brand-100 [&_blockquote]:bg-white [&_blockquote]:px-3 [&_blockquote]:py-2 [&_cite]:text-sm [&_cite]:text-slate-500 [&_ul]:ml-5 [&_ul]:list-disc [&_ol]:ml-5 [&_ol]:list-decimal';

/** §2 'Ask Questions': a question about the current PDF, answered with the pages it comes from. */
export function AskQuestionPanel({ pdf, onStored }: { pdf: CurrentPdf | null; onStored: (pdfData: string, documentId: string) => void }) {
  const [question, setQuestion] = useState('');
  const ask = useAskDocument();
  // An answer belongs to the document it was asked of: a new PDF starts with none.
  const answer = ask.data && pdf && ask.variables?.pdfData === pdf.pdfData ? ask.data : undefined;
  const pages = answer ? [...new Set(answer.citations.map((c) => c.page))].sort((a, b) => a - b) : [];

  const submit = () => {
    if (ask.isPending) return;
    if (!pdf) {
      toast({ title: DOCUMENT_TEXT.noPdfTitle, description: DOCUMENT_TEXT.noPdf, variant: 'destructive' });
      return;
    }
    if (!question.trim()) {
      toast({ title: DOCUMENT_TEXT.questionRequiredTitle, description: DOCUMENT_TEXT.questionRequired, variant: 'destructive' });
      return;
    }
    ask.mutate(
      { pdfData: pdf.pdfData, pdfName: pdf.pdfName, question: question.trim() },
      {
        onSuccess: (result, input) => onStored(input.pdfData, result.documentId),
        onError: (error) =>
          toast({ title: PDF_TEXT.askErrorTitle, description: serverMessageOf(error, DOCUMENT_TEXT.askFailed), variant: 'destructive' }),
      },
    );
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    submit();
  };
  // Enter starts a new line (a question may take several); Ctrl+Enter or Cmd+Enter asks it.
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      submit();
    }
  };

  return (
    <div className="grid gap-4">
      <form onSubmit={onSubmit} className="grid gap-2">
        <Label htmlFor="pdf-question">Your question about the document</Label>
        <textarea
          id="pdf-question"
          value={question}
          onChange={(e) => setQuestion(e.target.value)}
          onKeyDown={onKeyDown}
          rows={4}
          maxLength={DOCUMENT_QUESTION_MAX_LENGTH}
          disabled={ask.isPending}
          aria-describedby="pdf-question-hint"
          placeholder="e.g. What does the document say about enzyme inhibition?"
          className="w-full rounded-lg border border-slate-300 p-3 text-sm leading-relaxed focus-visible:border-brand-500 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600 disabled:bg-slate-50"
        />
        <p id="pdf-question-hint" className="text-xs text-slate-500">
          Enter starts a new line; Ctrl+Enter (⌘+Enter on a Mac) asks.
        </p>
        <Button type="submit" disabled={ask.isPending} className="w-full sm:w-auto sm:justify-self-start">
          <MessageSquareText aria-hidden />
          {ask.isPending ? 'Processing...' : PDF_TEXT.getAnswer}
        </Button>
      </form>

      {ask.isPending ? (
        <div className="rounded-lg border border-slate-200 bg-slate-50 p-4 text-sm text-slate-600">
          <Spinner label="Looking through the document for an answer..." />
        </div>
      ) : null}

      {answer ? (
        <section aria-labelledby="pdf-answer-heading" className="rounded-lg border border-slate-200 bg-slate-50 p-4">
          <h3 id="pdf-answer-heading" className="font-semibold text-slate-900">
            Answer
          </h3>
          <RichHtml html={answer.response} className={ANSWER_HTML} />
          {pages.length > 0 ? (
            <div className="mt-3">
              <h4 className="text-sm font-medium text-slate-700">Pages cited</h4>
              <ul aria-label="Pages cited" className="mt-1 flex flex-wrap gap-2">
                {pages.map((page) => (
                  <li key={page}>
                    <Badge tone="brand">Page {page}</Badge>
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
          <p className="mt-3 text-xs text-slate-500">Answered by {answer.answeredBy}</p>
        </section>
      ) : null}
    </div>
  );
}
