import { useRef, useState, type DragEvent } from 'react';
import { ImageUp } from 'lucide-react';
import { GRADING_IMAGE_MAX_BYTES } from '../../../../shared/limits';
import { GRADING_TEXT } from '../../../../shared/teacher-text';
import { Spinner } from '../../../components/ui/spinner';
import { toast } from '../../../components/ui/toast-store';
import { cn } from '../../../lib/cn';
import { compressImage } from '../compress-image';
import { GRADING_TOAST } from '../grading-error';

/** A sheet ready to send: its file name, a preview and the base64 JPEG the grading call carries. */
export interface ChosenImage {
  name: string;
  dataUrl: string;
  base64: string;
}

/** §5: an image type, at most 10MB; else the spec's destructive toast and null. */
function refusalOf(file: File): { title: string; description: string } | null {
  if (!file.type.startsWith('image/')) return { title: GRADING_TEXT.invalidFileTitle, description: GRADING_TEXT.invalidFile };
  if (file.size > GRADING_IMAGE_MAX_BYTES) return { title: GRADING_TEXT.tooLargeTitle, description: GRADING_TEXT.tooLarge };
  return null;
}

/**
 * One upload area: a button (Tab to it, Enter or Space opens the picker) that also takes a dropped file.
 * The file is checked, scaled down and re-encoded (compress-image.ts) before it is kept.
 */
export function ImageUploadField({
  id,
  title,
  value,
  onChange,
}: {
  id: string;
  title: string;
  value: ChosenImage | null;
  onChange: (image: ChosenImage) => void;
}) {
  const inputRef = useRef<HTMLInputElement>(null);
  const [processing, setProcessing] = useState(false);
  const [dragging, setDragging] = useState(false);
  // A second file chosen while the first is still being processed wins, whichever finishes first.
  const latest = useRef(0);

  const take = async (file: File | undefined) => {
    if (!file) return;
    const refusal = refusalOf(file);
    if (refusal) {
      toast({ ...refusal, variant: 'destructive' });
      return;
    }
    const ticket = ++latest.current;
    setProcessing(true);
    try {
      const image = await compressImage(file);
      if (ticket !== latest.current) return;
      onChange({ name: file.name, dataUrl: image.dataUrl, base64: image.base64 });
      toast({ title: GRADING_TOAST.imageUploadedTitle, description: `${file.name} is ready to grade.` });
    } catch {
      if (ticket !== latest.current) return;
      toast({ title: GRADING_TOAST.uploadFailedTitle, description: GRADING_TOAST.uploadFailed, variant: 'destructive' });
    } finally {
      if (ticket === latest.current) setProcessing(false);
    }
  };

  const onDragOver = (event: DragEvent) => {
    event.preventDefault();
    if (event.dataTransfer) event.dataTransfer.dropEffect = 'copy';
    setDragging(true);
  };
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    void take(event.dataTransfer?.files?.[0]);
  };

  const labelId = `${id}-label`;
  const statusId = `${id}-status`;
  const hintId = `${id}-hint`;

  return (
    <div className="grid min-w-0 content-start gap-2">
      <p id={labelId} className="text-sm font-medium text-slate-700">
        {title}
      </p>
      <input
        ref={inputRef}
        type="file"
        accept="image/*"
        className="hidden"
        tabIndex={-1}
        aria-hidden
        data-testid={`${id}-input`}
        onChange={(event) => {
          const file = event.target.files?.[0];
          // Choosing the same file again must fire change again.
          event.target.value = '';
          void take(file);
        }}
      />
      <button
        type="button"
        aria-labelledby={`${labelId} ${statusId}`}
        aria-describedby={hintId}
        aria-busy={processing}
        onClick={() => inputRef.current?.click()}
        onDragEnter={onDragOver}
        onDragOver={onDragOver}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        className={cn(
          'flex min-h-44 w-full flex-col items-center justify-center gap-2 rounded-xl border-2 border-dashed p-4 text-center transition-colors',
          dragging
            ? 'border-brand-500 bg-brand-50'
            : value
              ? 'border-slate-300 bg-white hover:bg-slate-50'
              : 'border-slate-300 bg-slate-50 hover:border-brand-500 hover:bg-brand-50',
        )}
      >
        {processing ? (
          <Spinner />
        ) : value ? (
          <img
            src={value.dataUrl}
            alt={`Preview of the ${title.toLowerCase()}`}
            className="h-28 max-w-full rounded-md border border-slate-200 object-contain"
          />
        ) : (
          <ImageUp aria-hidden className="size-8 text-slate-400" />
        )}
        <span
          id={statusId}
          className={cn('max-w-full break-all text-sm', value && !processing ? 'font-medium text-slate-900' : 'text-slate-600')}
        >
          {processing ? 'Processing image...' : value ? value.name : 'No image chosen'}
        </span>
        <span id={hintId} className="text-xs text-slate-500">
          {value ? 'Click or drop an image to replace it' : 'Click to choose or drag and drop'} · JPG, PNG, etc. up to{' '}
          {GRADING_IMAGE_MAX_BYTES / (1024 * 1024)}MB
        </span>
      </button>
    </div>
  );
}
