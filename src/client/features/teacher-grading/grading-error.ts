import { GRADING_TEXT } from '../../../shared/teacher-text';
import { isApiError, serverMessageOf } from '../../lib/api-request';

/** §8 Grading toasts. */
export const GRADING_TOAST = {
  failedTitle: 'Grading Failed',
  tooLarge: 'Image files are being processed automatically to reduce size. Please try uploading again.',
  payloadTooLarge: 'Images are being compressed automatically. Please try again in a moment.',
  completeTitle: 'Grading Complete',
  imageUploadedTitle: 'Image Uploaded',
  uploadFailedTitle: 'Upload Failed',
  uploadFailed: 'Failed to process the image. Please try again.',
} as const;

/**
 * §8: a 413 or a message saying 'too large' → the automatic-resize text; 'PayloadTooLarge' → the
 * compression text; otherwise the server's own message, or the default.
 */
export function gradingErrorMessage(error: unknown): string {
  const message = error instanceof Error ? error.message : '';
  if ((isApiError(error) && error.status === 413) || /too large/i.test(message)) return GRADING_TOAST.tooLarge;
  if (message.includes('PayloadTooLarge')) return GRADING_TOAST.payloadTooLarge;
  return serverMessageOf(error, GRADING_TEXT.gradingFailed);
}
