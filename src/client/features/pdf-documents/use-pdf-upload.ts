import { useCallback, useEffect, useRef, useState } from 'react';
import { DOCUMENT_TEXT } from '../../../shared/documents-text';
import { PDF_MAX_BYTES } from '../../../shared/limits';
import { toast } from '../../components/ui/toast-store';
import { PDF_TEXT } from './pdf-text';

/** What is known of the current PDF beyond the file: its stored copy on the server, once there is one. */
export interface KnownDocument {
  documentId?: string;
  pageCount?: number;
}

/** §4 PDF upload: idle, reading, loaded or error. */
export type PdfUploadState =
  | { status: 'idle' }
  | { status: 'reading'; name: string }
  | ({ status: 'loaded'; file: File; /** base64, without the data: prefix */ pdfData: string } & KnownDocument)
  | { status: 'error'; message: string; detail?: string };

/** The number of bytes a base64 text decodes to (counted, not decoded). */
export function decodedSize(base64: string): number {
  const padding = base64.endsWith('==') ? 2 : base64.endsWith('=') ? 1 : 0;
  return Math.floor((base64.length * 3) / 4) - padding;
}

/** The base64 of a `data:...;base64,` URL as FileReader gives it; throws when there is none. */
export function base64FromDataUrl(result: unknown): string {
  if (typeof result !== 'string' || !result.startsWith('data:') || !result.includes(',')) {
    throw new Error('The file could not be read as data');
  }
  const base64 = result.slice(result.indexOf(',') + 1);
  if (!base64) throw new Error('The PDF file is empty');
  if (decodedSize(base64) > PDF_MAX_BYTES) throw new Error(PDF_TEXT.decodedTooLarge);
  return base64;
}

function isPdf(file: File): boolean {
  return file.type === 'application/pdf';
}

/**
 * The upload panel's state machine (§4, §5): checks type and size, reads the file in the browser as
 * base64 and reports each outcome with the spec's toast and inline text. A newer file wins over a read
 * still running.
 */
export function usePdfUpload() {
  const [state, setState] = useState<PdfUploadState>({ status: 'idle' });
  const current = useRef<{ id: number; reader: FileReader | null }>({ id: 0, reader: null });

  useEffect(() => {
    const reads = current.current;
    return () => {
      reads.id += 1;
      reads.reader?.abort();
    };
  }, []);

  const choose = useCallback((file: File, known: KnownDocument = {}) => {
    const reads = current.current;
    reads.id += 1;
    const id = reads.id;
    reads.reader?.abort();
    reads.reader = null;
    const fail = (message: string, title: string, description: string, detail?: string) => {
      setState({ status: 'error', message, detail });
      toast({ title, description, variant: 'destructive' });
    };

    try {
      if (!isPdf(file)) {
        fail(PDF_TEXT.invalidType, PDF_TEXT.invalidTypeTitle, PDF_TEXT.invalidType);
        return;
      }
      if (file.size > PDF_MAX_BYTES) {
        fail(DOCUMENT_TEXT.tooLarge, DOCUMENT_TEXT.tooLargeTitle, DOCUMENT_TEXT.tooLarge);
        return;
      }
      setState({ status: 'reading', name: file.name });
      const reader = new FileReader();
      reads.reader = reader;
      reader.onload = () => {
        if (reads.id !== id) return;
        reads.reader = null;
        try {
          const pdfData = base64FromDataUrl(reader.result);
          setState({ status: 'loaded', file, pdfData, ...known });
          toast({ title: PDF_TEXT.uploadedTitle, description: PDF_TEXT.uploaded });
        } catch (error) {
          fail(
            PDF_TEXT.processingFailedInline,
            PDF_TEXT.processingFailedTitle,
            PDF_TEXT.processingFailed,
            error instanceof Error ? error.message : undefined,
          );
        }
      };
      reader.onerror = () => {
        if (reads.id !== id) return;
        reads.reader = null;
        fail(PDF_TEXT.readError, PDF_TEXT.readErrorTitle, PDF_TEXT.readError);
      };
      reader.readAsDataURL(file);
    } catch {
      if (reads.id !== id) return;
      fail(PDF_TEXT.uploadFailedInline, PDF_TEXT.uploadFailedTitle, PDF_TEXT.uploadFailed);
    }
  }, []);

  /** The server stored the current PDF under this id (from an ask or generate response). */
  const identify = useCallback((pdfData: string, documentId: string) => {
    setState((s) => (s.status === 'loaded' && s.pdfData === pdfData && s.documentId !== documentId ? { ...s, documentId } : s));
  }, []);

  return { state, choose, identify };
}
