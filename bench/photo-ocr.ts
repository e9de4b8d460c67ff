/**
 * The built-in OCR on phone-photo-like answer sheets: `npx tsx bench/photo-ocr.ts [count]`. Each sheet is
 * a bank question's model answer drawn with sharp from SVG in DejaVu Sans (this measures photo damage, not
 * handwriting: bench/handwriting-ocr.ts does handwriting fonts), turned a few degrees, blurred and JPEG-compressed; a QR code
 * of a paper code sits in the corner. It prints character accuracy (1 − edit distance / length), how often
 * the QR code is read, and how often the marks from the OCR'd text equal the marks from the true text.
 */
import { loadBank } from '../src/server/engine/builtin/bank/bank';
import { markAnswer } from '../src/server/engine/builtin/marker/mark-answer';
import { readQrPaperCode } from '../src/server/engine/builtin/ocr/read-paper-code';
import { readImageText, stopImageReader } from '../src/server/engine/builtin/ocr/read-image-text';
import { makeSheet, PHOTO_CONDITIONS, wrapLines } from '../src/server/engine/builtin/ocr/testing/make-sheet';
import { editDistance } from '../src/server/engine/text/edit-distance';
import { htmlToText } from '../src/server/engine/text/html-to-text';

const count = Number(process.argv[2] ?? 12);
const CODE = 'MW-7K3QXP';
const conditions = PHOTO_CONDITIONS;

const normalise = (s: string) => s.replace(/\s+/g, ' ').trim().toLowerCase();
const questions = [...loadBank().byId.values()]
  .map((e) => e.question)
  .filter((q) => q.type !== 'multiple_choice' && !q.template)
  .slice(0, count);

for (const condition of conditions) {
  let chars = 0;
  let errors = 0;
  let qrRead = 0;
  let marksSame = 0;
  const started = Date.now();
  for (const q of questions) {
    const truth = htmlToText(q.modelAnswer);
    const image = await makeSheet({
      lines: wrapLines(truth, 58),
      code: CODE,
      rotate: condition.rotate,
      blur: condition.blur,
      jpegQuality: condition.jpegQuality,
    });
    const [read, code] = await Promise.all([readImageText(image), readQrPaperCode(image)]);
    chars += truth.length;
    errors += Math.min(truth.length, editDistance(normalise(read.text), normalise(truth)));
    if (code === CODE) qrRead++;
    const mark = (answer: string) =>
      markAnswer({ questionText: q.text, type: q.type, totalMarks: q.marks, markScheme: q.markScheme, answer }).marks_awarded;
    if (mark(read.text) === mark(truth)) marksSame++;
  }
  console.log(
    `${condition.name}: ${questions.length} sheets, characters right ${(100 * (1 - errors / chars)).toFixed(1)}%, QR read ${qrRead}/${questions.length}, marks equal to the true text's ${marksSame}/${questions.length}, ${((Date.now() - started) / questions.length / 1000).toFixed(1)} s a sheet`,
  );
}
await stopImageReader();
