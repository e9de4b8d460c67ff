import { useEffect, useState } from 'react';
import { Download, ExternalLink, FileText } from 'lucide-react';
import { DOCUMENT_TEXT } from '../../../../shared/documents-text';
import { EmptyState } from '../../../components/empty-state';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { cn } from '../../../lib/cn';

/** §9 PDF viewer height. */
export const PDF_VIEWER_HEIGHT = 600;

/** A blob: URL of the file while it is shown; revoked when the file changes or the viewer goes away. */
function useObjectUrl(file: File | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file) {
      setUrl(null);
      return;
    }
    const next = URL.createObjectURL(file);
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [file]);
  return url;
}

const LINK =
  'inline-flex h-8 items-center gap-1.5 rounded-lg border border-slate-300 bg-white px-3 text-sm font-medium text-slate-800 hover:bg-slate-100 [&_svg]:size-4';

/** §2 viewer of the current PDF, with download and open-in-new-tab links; 'No PDF Document' without one. */
export function PdfViewer({ file }: { file: File | null }) {
  const url = useObjectUrl(file);

  if (!file) {
    return (
      <EmptyState icon={FileText} title={DOCUMENT_TEXT.noPdfTitle}>
        Upload a PDF to read it here, ask questions about it and turn it into a question paper.
      </EmptyState>
    );
  }
  return (
    <Card>
      <CardHeader className="flex-row flex-wrap items-center justify-between gap-2">
        <CardTitle className="min-w-0 break-all text-base">{file.name}</CardTitle>
        {url ? (
          <div className="flex flex-wrap gap-2">
            <a href={url} download={file.name} className={LINK}>
              <Download aria-hidden /> Download
            </a>
            <a href={url} target="_blank" rel="noopener noreferrer" className={LINK}>
              <ExternalLink aria-hidden /> Open in new tab
              <span className="sr-only"> (opens a new tab)</span>
            </a>
          </div>
        ) : null}
      </CardHeader>
      <CardContent>
        {url ? (
          <object
            data={url}
            type="application/pdf"
            aria-label={`PDF viewer: ${file.name}`}
            style={{ height: PDF_VIEWER_HEIGHT }}
            className={cn('w-full rounded-lg border border-slate-200 bg-slate-100')}
          >
            {/* Shown where the browser cannot display a PDF inline (most phones). */}
            <div className="flex h-full flex-col items-center justify-center gap-2 p-6 text-center text-sm text-slate-600">
              <FileText aria-hidden className="size-8 text-slate-400" />
              <p>This browser can't show the PDF here. Use Download or Open in new tab above.</p>
            </div>
          </object>
        ) : null}
      </CardContent>
    </Card>
  );
}
