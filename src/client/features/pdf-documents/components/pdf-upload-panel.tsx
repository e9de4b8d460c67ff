import { useRef, useState, type DragEvent } from 'react';
import { AlertCircle, FileText, Upload } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { cn } from '../../../lib/cn';
import { formatFileSize, formatPageCount, PDF_TEXT } from '../pdf-text';
import type { PdfUploadState } from '../use-pdf-upload';

/**
 * §2 Upload panel: a drop zone that is also a button (click, Enter or Space opens the file chooser),
 * showing the upload's state — idle, reading, loaded or error.
 */
export function PdfUploadPanel({ state, pageCount, onFile }: { state: PdfUploadState; pageCount?: number; onFile: (file: File) => void }) {
  const inputRef = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const chooseFile = () => inputRef.current?.click();

  const drop = {
    onDragOver: (event: DragEvent) => {
      event.preventDefault();
      event.dataTransfer.dropEffect = 'copy';
      setDragging(true);
    },
    onDragLeave: () => setDragging(false),
    onDrop: (event: DragEvent) => {
      event.preventDefault();
      setDragging(false);
      const file = event.dataTransfer.files?.[0];
      if (file) onFile(file);
    },
  };
  const zone = cn(
    'flex w-full flex-col items-center justify-center gap-2 rounded-xl border-2 border-dashed px-4 py-8 text-center transition-colors',
    dragging ? 'border-brand-500 bg-brand-50' : 'border-slate-300 bg-slate-50 hover:border-brand-500 hover:bg-brand-50',
  );

  return (
    <Card>
      <CardHeader>
        <CardTitle>Upload a PDF</CardTitle>
        <CardDescription>Your notes, a textbook chapter or a past paper.</CardDescription>
      </CardHeader>
      <CardContent>
        <input
          ref={inputRef}
          type="file"
          accept="application/pdf,.pdf"
          aria-label="PDF file"
          tabIndex={-1}
          className="sr-only"
          onChange={(event) => {
            const file = event.target.files?.[0];
            // cleared, so that choosing the same file again is noticed
            event.target.value = '';
            if (file) onFile(file);
          }}
        />
        {state.status === 'reading' ? (
          <div {...drop} className={cn(zone, 'cursor-progress text-slate-700')} data-state="reading">
            <Spinner label={PDF_TEXT.reading} />
            <span className="max-w-full break-all text-sm text-slate-500">{state.name}</span>
          </div>
        ) : state.status === 'error' ? (
          <div role="alert" data-state="error">
            <button
              type="button"
              {...drop}
              onClick={chooseFile}
              className={cn(
                zone,
                'border-red-300 bg-red-50 text-red-700 hover:border-red-400 hover:bg-red-100',
                dragging && 'border-red-500',
              )}
            >
              <AlertCircle aria-hidden className="size-8" />
              <span className="font-medium">{state.message}</span>
              {state.detail && state.detail !== state.message ? <span className="text-sm">{state.detail}</span> : null}
              <span className="text-sm underline underline-offset-2">{PDF_TEXT.tryAgain}</span>
            </button>
          </div>
        ) : state.status === 'loaded' ? (
          <div
            {...drop}
            data-state="loaded"
            className={cn(
              zone,
              'items-stretch border-solid border-emerald-300 bg-emerald-50 py-4 text-left hover:border-emerald-400 hover:bg-emerald-50',
            )}
          >
            <div className="flex items-start gap-3">
              <FileText aria-hidden className="mt-0.5 size-8 shrink-0 text-emerald-700" />
              <div className="min-w-0 flex-1">
                <p className="break-all font-medium text-slate-900">{state.file.name}</p>
                <p className="text-sm text-slate-600">
                  {formatFileSize(state.file.size)}
                  {pageCount !== undefined ? ` · ${formatPageCount(pageCount)}` : ''}
                </p>
              </div>
            </div>
            <Button type="button" variant="outline" size="sm" onClick={chooseFile} className="self-start">
              <Upload aria-hidden /> Choose a different PDF
            </Button>
          </div>
        ) : (
          <button type="button" {...drop} onClick={chooseFile} className={cn(zone, 'text-slate-700')} data-state="idle">
            <Upload aria-hidden className="size-8 text-brand-600" />
            <span className="font-medium">Drag and drop a PDF here, or click to choose a file</span>
            <span className="text-sm text-slate-500">PDF files up to {PDF_TEXT.maxSize}</span>
          </button>
        )}
      </CardContent>
    </Card>
  );
}
