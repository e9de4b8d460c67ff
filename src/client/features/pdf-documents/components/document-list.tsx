import { useState } from 'react';
import { FileText, FolderOpen } from 'lucide-react';
import type { PdfDocument } from '../../../../shared/documents';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { toast } from '../../../components/ui/toast-store';
import { serverMessageOf } from '../../../lib/api-request';
import { formatShortDate } from '../../../lib/format';
import { fetchDocumentFile } from '../api/document-file';
import { usePdfDocuments } from '../api/pdf-documents';
import { formatFileSize, formatPageCount } from '../pdf-text';

/** The student's earlier PDFs (GET /api/pdf/documents); opening one makes it the current document. Nothing when there are none. */
export function DocumentList({ onOpen }: { onOpen: (file: File, document: PdfDocument) => void }) {
  const documents = usePdfDocuments();
  const [opening, setOpening] = useState<string | null>(null);

  const open = async (document: PdfDocument) => {
    setOpening(document.id);
    try {
      onOpen(await fetchDocumentFile(document), document);
    } catch (error) {
      toast({ title: 'Could not open the document', description: serverMessageOf(error, 'Please try again.'), variant: 'destructive' });
    } finally {
      setOpening(null);
    }
  };

  if (documents.isPending) {
    return (
      <div className="rounded-xl border border-slate-200 bg-white p-5 text-sm text-slate-600">
        <Spinner label="Loading your documents..." />
      </div>
    );
  }
  if (documents.isError) {
    return <p className="text-sm text-slate-500">Your earlier documents could not be loaded.</p>;
  }
  const list = documents.data ?? [];
  if (list.length === 0) return null;

  return (
    <Card>
      <CardHeader>
        <CardTitle>Your documents</CardTitle>
        <CardDescription>PDFs you have asked about or made papers from. Open one to use it again.</CardDescription>
      </CardHeader>
      <CardContent>
        <ul aria-label="Your documents" className="divide-y divide-slate-100">
          {list.map((document) => (
            <li key={document.id} className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between">
              <div className="flex min-w-0 items-start gap-3">
                <FileText aria-hidden className="mt-0.5 size-5 shrink-0 text-slate-400" />
                <div className="min-w-0">
                  <p className="break-all font-medium text-slate-900">{document.name}</p>
                  <p className="text-sm text-slate-500">
                    {formatPageCount(document.pageCount)} · {formatFileSize(document.sizeBytes)} · {formatShortDate(document.createdAt)}
                  </p>
                </div>
              </div>
              <Button
                type="button"
                variant="outline"
                size="sm"
                className="self-start sm:self-auto"
                disabled={opening !== null}
                aria-label={`Open ${document.name}`}
                onClick={() => void open(document)}
              >
                <FolderOpen aria-hidden />
                {opening === document.id ? 'Opening...' : 'Open'}
              </Button>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
