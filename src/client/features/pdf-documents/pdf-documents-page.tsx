import { useMemo, useState } from 'react';
import { PageHeader } from '../../components/page-header';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs';
import { usePdfDocuments } from './api/pdf-documents';
import { AskQuestionPanel, type CurrentPdf } from './components/ask-question-panel';
import { DocumentList } from './components/document-list';
import { GeneratePaperPanel } from './components/generate-paper-panel';
import { PdfUploadPanel } from './components/pdf-upload-panel';
import { PdfViewer } from './components/pdf-viewer';
import { PDF_TEXT } from './pdf-text';
import { usePdfUpload, type PdfUploadState } from './use-pdf-upload';

/** The page count when it is known: from the stored copy of the document, found by id or by name and size. */
function knownPageCount(
  state: PdfUploadState,
  documents: { id: string; name: string; sizeBytes: number; pageCount: number }[],
): number | undefined {
  if (state.status !== 'loaded') return undefined;
  if (state.pageCount !== undefined) return state.pageCount;
  const stored =
    documents.find((d) => d.id === state.documentId) ??
    documents.find((d) => d.name === state.file.name && d.sizeBytes === state.file.size);
  return stored?.pageCount;
}

/** §2 PDF Documents (/pdf-documents): upload a PDF, ask about it, make a question paper of it, read it. */
export function PdfDocumentsPage() {
  const { state, choose, identify } = usePdfUpload();
  const documents = usePdfDocuments();
  const [tab, setTab] = useState('ask');

  const loaded = state.status === 'loaded' ? state : null;
  const pdf = useMemo<CurrentPdf | null>(
    () => (loaded ? { pdfData: loaded.pdfData, pdfName: loaded.file.name } : null),
    [loaded?.pdfData, loaded?.file],
  );
  const pageCount = knownPageCount(state, documents.data ?? []);

  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
      <PageHeader
        title="PDF Documents"
        description="Upload a PDF, ask questions about it with page references, and turn it into a question paper."
      />
      <div className="grid gap-6 lg:grid-cols-[minmax(0,26rem)_minmax(0,1fr)]">
        <div className="grid content-start gap-6">
          <PdfUploadPanel state={state} pageCount={pageCount} onFile={(file) => choose(file)} />
          <Card>
            <CardHeader>
              <CardTitle>Work with the document</CardTitle>
              <CardDescription>
                {loaded
                  ? 'Ask about it, with the pages each answer comes from, or turn it into a question paper.'
                  : 'Upload a PDF first, then ask about it or turn it into a question paper.'}
              </CardDescription>
            </CardHeader>
            <CardContent>
              <Tabs value={tab} onValueChange={setTab}>
                <TabsList className="w-full">
                  <TabsTrigger value="ask">{PDF_TEXT.askTab}</TabsTrigger>
                  <TabsTrigger value="generate">{PDF_TEXT.generateTab}</TabsTrigger>
                </TabsList>
                {/* Both panels stay mounted, so a half-typed question survives a look at the other tab. */}
                <TabsContent value="ask" forceMount className="data-[state=inactive]:hidden">
                  <AskQuestionPanel pdf={pdf} onStored={identify} />
                </TabsContent>
                <TabsContent value="generate" forceMount className="data-[state=inactive]:hidden">
                  <GeneratePaperPanel pdf={pdf} onStored={identify} />
                </TabsContent>
              </Tabs>
            </CardContent>
          </Card>
        </div>
        <section aria-label="Document viewer" className="min-w-0">
          <PdfViewer file={loaded ? loaded.file : null} />
        </section>
      </div>
      <div className="mt-6">
        <DocumentList onOpen={(file, document) => choose(file, { documentId: document.id, pageCount: document.pageCount })} />
      </div>
    </div>
  );
}
