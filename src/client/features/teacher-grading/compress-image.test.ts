// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  GRADING_IMAGE_BOUNDS,
  GRADING_IMAGE_MAX_CHARS,
  GRADING_JPEG_QUALITY,
  compressImage,
  encodeUnderCap,
  fitWithin,
} from './compress-image';

const PREFIX = 'data:image/jpeg;base64,';
/** A fake JPEG data URL whose base64 part is `chars` long. */
const jpegOf = (chars: number) => PREFIX + 'A'.repeat(chars);

/** An encoder that answers the given base64 length for each quality (in tenths) and records what it was asked. */
function fakeEncoder(sizes: Record<number, number>) {
  const qualities: number[] = [];
  const encode = vi.fn((quality: number) => {
    qualities.push(quality);
    const size = sizes[Math.round(quality * 10)];
    if (size === undefined) throw new Error(`unexpected quality ${quality}`);
    return jpegOf(size);
  });
  return { encode, qualities };
}

describe('grading image constants (§9)', () => {
  it('are the spec values', () => {
    expect(GRADING_IMAGE_BOUNDS).toEqual({ width: 800, height: 1200 });
    expect(GRADING_JPEG_QUALITY).toEqual({ start: 0.5, floor: 0.2, step: 0.1 });
    expect(GRADING_IMAGE_MAX_CHARS).toBe(2_500_000);
  });
});

describe('encodeUnderCap (§5 image preparation)', () => {
  it('keeps quality 0.5 when the first encoding is already under the cap', async () => {
    const { encode, qualities } = fakeEncoder({ 5: 1_000_000 });
    const result = await encodeUnderCap(encode);
    expect(qualities).toEqual([0.5]);
    expect(result).toEqual({ dataUrl: jpegOf(1_000_000), quality: 0.5 });
  });

  it('steps down 0.1 at a time and stops at the first encoding under the cap', async () => {
    const { encode, qualities } = fakeEncoder({ 5: 3_400_000, 4: 2_900_000, 3: 2_400_000, 2: 1_000 });
    const result = await encodeUnderCap(encode);
    expect(qualities).toEqual([0.5, 0.4, 0.3]);
    expect(result).toEqual({ dataUrl: jpegOf(2_400_000), quality: 0.3 });
  });

  it('goes no lower than 0.2, keeping that encoding even if it is still over the cap', async () => {
    const { encode, qualities } = fakeEncoder({ 5: 5_000_000, 4: 4_500_000, 3: 4_000_000, 2: 3_000_000, 1: 10 });
    const result = await encodeUnderCap(encode);
    expect(qualities).toEqual([0.5, 0.4, 0.3, 0.2]);
    expect(result.quality).toBe(0.2);
    expect(result.dataUrl).toBe(jpegOf(3_000_000));
  });

  it('counts the base64 text, not the data: prefix, and lowers only when it exceeds the cap', async () => {
    const atCap = fakeEncoder({ 5: 2_500_000 });
    expect((await encodeUnderCap(atCap.encode)).quality).toBe(0.5);
    const overByOne = fakeEncoder({ 5: 2_500_001, 4: 2_500_000 });
    expect((await encodeUnderCap(overByOne.encode)).quality).toBe(0.4);
    expect(overByOne.qualities).toEqual([0.5, 0.4]);
  });

  it('waits for an asynchronous encoder', async () => {
    const result = await encodeUnderCap(async (q) => (q > 0.35 ? jpegOf(10) + 'A'.repeat(100) : jpegOf(10)), 50);
    expect(result).toEqual({ dataUrl: jpegOf(10), quality: 0.3 });
  });
});

describe('fitWithin', () => {
  it('scales a landscape photo down to 800 wide', () => {
    expect(fitWithin(4000, 3000)).toEqual({ width: 800, height: 600 });
  });
  it('scales a tall sheet down to 1200 high', () => {
    expect(fitWithin(2000, 6000)).toEqual({ width: 400, height: 1200 });
  });
  it('never enlarges a small image', () => {
    expect(fitWithin(300, 200)).toEqual({ width: 300, height: 200 });
  });
});

describe('compressImage (canvas)', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  function fakeCanvas(sizeAt: (quality: number) => number) {
    const context = { fillStyle: '', fillRect: vi.fn(), drawImage: vi.fn(), imageSmoothingQuality: 'low' };
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(() => context as unknown as CanvasRenderingContext2D);
    const toDataURL = vi
      .spyOn(HTMLCanvasElement.prototype, 'toDataURL')
      .mockImplementation((_type?: string, quality?: unknown) => jpegOf(sizeAt(Number(quality))));
    return { context, toDataURL };
  }

  it('draws the photo scaled to fit 800x1200 on white and encodes JPEG from 0.5 down until under the cap', async () => {
    const bitmap = { width: 3000, height: 4000, close: vi.fn() };
    const createImageBitmap = vi.fn(async () => bitmap);
    vi.stubGlobal('createImageBitmap', createImageBitmap);
    const { context, toDataURL } = fakeCanvas((q) => (q >= 0.4 ? 2_600_000 : 2_000_000));

    const file = new File(['photo'], 'sheet.png', { type: 'image/png' });
    const result = await compressImage(file);

    expect(createImageBitmap).toHaveBeenCalledWith(file, { imageOrientation: 'from-image' });
    expect(context.fillStyle).toBe('#ffffff');
    expect(context.fillRect).toHaveBeenCalledWith(0, 0, 800, 1067);
    expect(context.drawImage).toHaveBeenCalledWith(bitmap, 0, 0, 800, 1067);
    expect(toDataURL.mock.calls).toEqual([
      ['image/jpeg', 0.5],
      ['image/jpeg', 0.4],
      ['image/jpeg', 0.3],
    ]);
    expect(result).toEqual({ dataUrl: jpegOf(2_000_000), base64: 'A'.repeat(2_000_000), quality: 0.3, width: 800, height: 1067 });
    expect(bitmap.close).toHaveBeenCalled();
  });

  it('rejects when the browser cannot decode the file', async () => {
    vi.stubGlobal(
      'createImageBitmap',
      vi.fn(async () => Promise.reject(new DOMException('The source image could not be decoded.', 'InvalidStateError'))),
    );
    await expect(compressImage(new File(['x'], 'photo.heic', { type: 'image/heic' }))).rejects.toThrow(/could not be decoded/);
  });

  it('rejects when the canvas does not produce a JPEG', async () => {
    const bitmap = { width: 10, height: 10, close: vi.fn() };
    vi.stubGlobal(
      'createImageBitmap',
      vi.fn(async () => bitmap),
    );
    fakeCanvas(() => 0);
    vi.spyOn(HTMLCanvasElement.prototype, 'toDataURL').mockReturnValue('data:,');
    await expect(compressImage(new File(['x'], 'a.png', { type: 'image/png' }))).rejects.toThrow();
    expect(bitmap.close).toHaveBeenCalled();
  });
});
