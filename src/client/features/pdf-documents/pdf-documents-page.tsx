import { ComingSoon } from '../../components/page-header';

export function PdfDocumentsPage() {
  return <ComingSoon title="PDF Documents" description="Upload a PDF, ask questions about it with page references, and turn it into a question paper." />;
}
