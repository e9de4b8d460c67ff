/**
 * §5 Image preparation, §9 grading image constants: a photographed sheet is scaled down to fit 800 x 1200
 * and re-encoded as JPEG, from quality 0.5 down in 0.1 steps to 0.2, until its base64 text is at most
 * 2,500,000 characters. The server reads JPEG and PNG only, so whatever the browser can decode (WebP,
 * GIF, ...) goes up as a JPEG.
 */
export const GRADING_IMAGE_BOUNDS = { width: 800, height: 1200 } as const;
export const GRADING_JPEG_QUALITY = { start: 0.5, floor: 0.2, step: 0.1 } as const;
export const GRADING_IMAGE_MAX_CHARS = 2_500_000;

const DATA_URL_PREFIX = /^data:[^,]*;base64,/;

export interface CompressedImage {
  /** `data:image/jpeg;base64,...`, for the preview. */
  dataUrl: string;
  /** The bare base64 text the grading call sends. */
  base64: string;
  /** The JPEG quality that was kept. */
  quality: number;
  width: number;
  height: number;
}

/** The size that fits within the bounds, keeping the aspect ratio; never enlarged. */
export function fitWithin(width: number, height: number, bounds: { width: number; height: number } = GRADING_IMAGE_BOUNDS) {
  const scale = Math.min(1, bounds.width / width, bounds.height / height);
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/** Base64 text of a data URL (the text itself if it has no prefix). */
export function base64Of(dataUrl: string): string {
  return dataUrl.replace(DATA_URL_PREFIX, '');
}

/**
 * Encodes at the start quality and, while the base64 text is over the cap and the quality is above the
 * floor, encodes again one step lower. At the floor the last encoding is kept even if it is still over
 * the cap: the server accepts it (its own limit is the 10MB file), the cap only keeps uploads quick.
 */
export async function encodeUnderCap(
  encode: (quality: number) => string | Promise<string>,
  cap: number = GRADING_IMAGE_MAX_CHARS,
): Promise<{ dataUrl: string; quality: number }> {
  // In whole tenths, so the qualities are exactly 0.5, 0.4, 0.3, 0.2 (no 0.30000000000000004).
  const tenths = (q: number) => Math.round(q * 10);
  const floor = tenths(GRADING_JPEG_QUALITY.floor);
  const step = tenths(GRADING_JPEG_QUALITY.step);
  let level = tenths(GRADING_JPEG_QUALITY.start);
  let dataUrl = await encode(level / 10);
  while (base64Of(dataUrl).length > cap && level > floor) {
    level = Math.max(floor, level - step);
    dataUrl = await encode(level / 10);
  }
  return { dataUrl, quality: level / 10 };
}

/**
 * Decodes the file, draws it scaled into a canvas on white (a transparent PNG would otherwise turn
 * black as a JPEG) and encodes it under the cap. Rejects when the browser cannot decode the image.
 */
export async function compressImage(file: Blob): Promise<CompressedImage> {
  const bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  try {
    const { width, height } = fitWithin(bitmap.width, bitmap.height);
    const canvas = document.createElement('canvas');
    canvas.width = width;
    canvas.height = height;
    const context = canvas.getContext('2d');
    if (!context) throw new Error('Canvas 2D is not available');
    context.fillStyle = '#ffffff';
    context.fillRect(0, 0, width, height);
    context.imageSmoothingQuality = 'high';
    context.drawImage(bitmap, 0, 0, width, height);
    const { dataUrl, quality } = await encodeUnderCap((q) => canvas.toDataURL('image/jpeg', q));
    if (!dataUrl.startsWith('data:image/jpeg')) throw new Error('The browser could not encode a JPEG');
    return { dataUrl, base64: base64Of(dataUrl), quality, width, height };
  } finally {
    bitmap.close();
  }
}
