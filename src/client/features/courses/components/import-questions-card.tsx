import { useId, useRef, useState, type DragEvent } from 'react';
import { Link } from 'wouter';
import { Upload } from 'lucide-react';
import { type QuestionImportResponse } from '../../../../shared/question-import';
import { IMPORT_MAX_CHARS, IMPORT_TEXT } from '../../../../shared/question-import-text';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { serverMessageOf } from '../../../lib/api-request';
import { cn } from '../../../lib/cn';
import { useImportQuestions, usePreviewImport } from '../api/import-questions';

const TYPE_LABEL: Record<string, string> = { multiple_choice: 'Multiple choice', short_answer: 'Short answer', essay: 'Essay' };

interface Picked {
  fileName: string;
  content: string;
}

/**
 * Bring your own questions: drop a Moodle GIFT, Moodle XML or Markwell JSON file, see every question it holds with its
 * type and marks and every change or skip, then "Import N questions" as a new paper of this course.
 */
export function ImportQuestionsCard(props: { courseId: string }) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [picked, setPicked] = useState<Picked | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);
  const preview = usePreviewImport(props.courseId);
  const importing = useImportQuestions(props.courseId);
  const [done, setDone] = useState<QuestionImportResponse | null>(null);

  const read = async (file: File | undefined) => {
    if (!file) return;
    // a new file replaces the last one's preview at once: a refused file must not leave the old one ready to import
    setDone(null);
    setFileError(null);
    setPicked(null);
    preview.reset();
    importing.reset();
    // at most 4 bytes a character: a file bigger than that is too long without reading it
    if (file.size > IMPORT_MAX_CHARS * 4) return setFileError(IMPORT_TEXT.tooLarge);
    const content = await file.text();
    if (!content.trim()) return setFileError(IMPORT_TEXT.empty);
    if (content.length > IMPORT_MAX_CHARS) return setFileError(IMPORT_TEXT.tooLarge);
    const next = { fileName: file.name, content };
    setPicked(next);
    preview.mutate(next);
  };

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    void read(event.dataTransfer.files[0]);
  };

  const report = preview.data?.report;
  const count = report?.imported.length ?? 0;

  return (
    <Card>
      <CardHeader>
        <CardTitle>Import your own questions</CardTitle>
        <CardDescription>
          A Moodle GIFT file (.gift or .txt), a Moodle XML file (.xml) or a Markwell JSON file. You see every question before anything is
          added.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <div
          onDragOver={(e) => {
            e.preventDefault();
            setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={onDrop}
          className={cn(
            'grid place-items-center gap-2 rounded-md border-2 border-dashed p-4 text-center text-sm text-slate-600',
            dragging ? 'border-blue-600 bg-blue-50' : 'border-slate-300',
          )}
        >
          <Upload aria-hidden className="h-5 w-5" />
          <span>Drop a file here, or</span>
          <Button type="button" variant="outline" size="sm" onClick={() => input.current?.click()}>
            Choose a file
          </Button>
          <label htmlFor={`${id}-file`} className="sr-only">
            Question file
          </label>
          <input
            id={`${id}-file`}
            ref={input}
            type="file"
            accept=".gift,.txt,.xml,.json,text/plain,text/xml,application/xml,application/json"
            className="sr-only"
            onChange={(e) => {
              void read(e.target.files?.[0]);
              e.target.value = '';
            }}
          />
        </div>
        {fileError && (
          <p role="alert" className="text-sm text-red-700">
            {fileError}
          </p>
        )}
        {preview.isPending && <p className="text-sm text-slate-600">Reading {picked?.fileName}...</p>}
        {preview.isError && (
          <p role="alert" className="text-sm text-red-700">
            {serverMessageOf(preview.error, 'The file could not be read. Please try again.')}
          </p>
        )}
        {report && picked && !done && (
          <div className="grid gap-3" aria-live="polite">
            <p className="text-sm font-medium">
              {picked.fileName}: {count} question{count === 1 ? '' : 's'} to import
              {report.skipped.length > 0 && `, ${report.skipped.length} skipped`}
            </p>
            {report.errors.map((e) => (
              <p key={e} role="alert" className="text-sm text-red-700">
                {e}
              </p>
            ))}
            {count > 0 && (
              <ol aria-label="Questions to import" className="grid max-h-72 gap-2 overflow-y-auto text-sm">
                {report.imported.map((q) => (
                  <li key={q.number} className="rounded border border-slate-200 p-2">
                    <span className="font-medium">
                      {q.number}. {q.title ?? q.text}
                    </span>
                    <span className="block text-xs text-slate-600">
                      {TYPE_LABEL[q.type] ?? q.type}, {q.marks} mark{q.marks === 1 ? '' : 's'}
                      {q.topic ? ` · ${q.topic}` : ''}
                    </span>
                    {q.needsScheme ? <span className="block text-xs font-medium text-amber-800">Needs a mark scheme</span> : null}
                    {report.changed
                      .filter((n) => n.number === q.number)
                      .map((n) => (
                        <span key={n.message} className="block text-xs text-amber-800">
                          Changed: {n.message}
                        </span>
                      ))}
                  </li>
                ))}
              </ol>
            )}
            {report.skipped.length > 0 && (
              <ul aria-label="Skipped questions" className="grid gap-1 text-sm text-slate-700">
                {report.skipped.map((n) => (
                  <li key={`${n.number}-${n.message}`}>
                    Skipped question {n.number}
                    {n.title ? ` "${n.title}"` : ''}: {n.message}
                  </li>
                ))}
              </ul>
            )}
            {importing.isError && (
              <p role="alert" className="text-sm text-red-700">
                {serverMessageOf(importing.error, 'The questions could not be imported. Please try again.')}
              </p>
            )}
            <Button
              type="button"
              disabled={count === 0 || report.errors.length > 0 || importing.isPending}
              onClick={() => importing.mutate(picked, { onSuccess: (result) => setDone(result) })}
            >
              {importing.isPending ? 'Importing...' : `Import ${count} question${count === 1 ? '' : 's'}`}
            </Button>
          </div>
        )}
        {done?.paper && (
          <p role="status" className="text-sm">
            Imported {done.report.imported.length} question{done.report.imported.length === 1 ? '' : 's'} as{' '}
            <Link className="font-medium text-blue-700 underline" href={`/courses/${props.courseId}/papers/${done.paper.id}`}>
              {done.paper.title}
            </Link>
            .
          </p>
        )}
      </CardContent>
    </Card>
  );
}
