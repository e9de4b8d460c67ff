/** Request body limits. JSON calls are small; the upload calls carry base64 files (4/3 of the raw size). */
export const JSON_BODY_LIMIT = 512 * 1024;
export const PDF_MAX_BYTES = 20 * 1024 * 1024;
/**
 * What a PDF's compressed streams may come to once inflated, together (engine/documents/pdf-inflated-size.ts):
 * a few times the upload limit for an ordinary file, far below the gigabyte a 1 MB "PDF bomb" inflates to.
 */
export const PDF_MAX_INFLATED_BYTES = 128 * 1024 * 1024;
export const GRADING_IMAGE_MAX_BYTES = 10 * 1024 * 1024;
const base64Size = (bytes: number) => Math.ceil(bytes / 3) * 4;
/** One 20MB PDF as base64, plus the rest of the JSON. */
export const PDF_BODY_LIMIT = base64Size(PDF_MAX_BYTES) + 64 * 1024;
/** Two 10MB images as base64, plus the rest of the JSON. */
export const GRADING_BODY_LIMIT = 2 * base64Size(GRADING_IMAGE_MAX_BYTES) + 64 * 1024;
