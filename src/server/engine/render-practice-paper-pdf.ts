import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';
import { markLabel, schemeMaxMarks, type MarkPoint } from '../../shared/mark-scheme';
import type { GeneratedPaper, GeneratedQuestion, PracticePaperInput } from './engine';
import { paperQrPayload, qrMatrix } from './paper-identity';
import { pdfText, plainPowers } from './pdf-text';
import { writeSchemeValue } from './text/sig-figs';

const require = createRequire(import.meta.url);
/**
 * DejaVu Sans (the dejavu-fonts-ttf package), embedded in the file: Latin, Greek (α, β, Δ, θ, λ, µ, Ω...),
 * super- and subscripts (m s⁻², H₂O) and the maths and chemistry signs the bank uses (≤ ≥ ≈ ∝ √ ∫ → ⇌ °).
 * KaTeX's text font, used before, has no lowercase Greek: α-glucose printed as "ı-glucose".
 */
const FONT = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf');
const FONT_BOLD = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf');

const MARGIN = 56;
const FOOTER = 64;
/** A class set copy's name box, in the top margin (issue 26). */
const NAME_BOX = 24;

/** Question HTML with its maths in Unicode: \alpha → α, x^{2} → x², \frac{a}{b} → a/b (pdf-text.ts). */
const readable = pdfText;

function marksLabel(n: number): string {
  return `[${n} mark${n === 1 ? '' : 's'}]`;
}

function pointLine(p: MarkPoint): string {
  const extra = [
    p.accept.length ? `accept: ${plainPowers(p.accept.join('; '))}` : '',
    p.reject.length ? `reject: ${plainPowers(p.reject.join('; '))}` : '',
    p.numeric ? `value ${plainPowers(writeSchemeValue(p))}${p.numeric.unit ? ` ${plainPowers(p.numeric.unit)}` : ''}` : '',
    p.depends_on ? `depends on ${p.depends_on}` : '',
    p.ecf ? 'ecf' : '',
  ].filter(Boolean);
  return `${markLabel(p)}  ${readable(p.text)}${extra.length ? `  (${extra.join('; ')})` : ''}`;
}

/** A class set's copy (issue 26): the student whose name is printed in its name box and coded in its QR codes. */
export interface PaperCopy {
  studentId: string;
  name: string;
}

/**
 * The practice paper as a real PDF file (pdfkit, on the server): the same content as the print window —
 * questions with their marks and answer lines, maths as readable text, the answer key and the mark scheme
 * (examiner style: M/A/B marks, "max N" groups, levels) each from a new page — and the paper's code and
 * QR code at the foot of every page. With `copies` (a class set), one student copy per student, each from a new
 * page, with the student's name in a name box at the top of every page and a QR code of paper, student and page.
 */
export function renderPracticePaperPdf(
  paper: GeneratedPaper,
  input: Pick<PracticePaperInput, 'subject' | 'difficultyLevel' | 'includeAnswers' | 'includeMarkScheme'>,
  code: string | null,
  copies?: readonly PaperCopy[],
): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margins: { top: MARGIN, left: MARGIN, right: MARGIN, bottom: MARGIN + FOOTER },
    bufferPages: true,
  });
  doc.registerFont('body', FONT);
  doc.registerFont('bold', FONT_BOLD);
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const width = doc.page.width - MARGIN * 2;
  const topic = paper.topic?.trim() || 'mixed topics';
  const totalMarks = paper.questions.reduce((n, q) => n + q.totalMarks, 0);
  doc.info.Title = `${input.subject}: ${topic} practice paper`;

  /**
   * A heading never stays alone at the foot of a page: when the heading and the start of what follows it
   * (up to three lines of `next`) do not fit above the footer, the heading moves to a new page.
   */
  const keepWithNext = (headingSize: number, next: string, indent = 0) => {
    doc.font('bold').fontSize(headingSize);
    const headingHeight = doc.currentLineHeight(true);
    doc.font('body').fontSize(11);
    const lineHeight = doc.currentLineHeight(true);
    const nextHeight = next ? Math.min(doc.heightOfString(next, { width: width - indent }), 3 * lineHeight) : 0;
    const needed = headingHeight + 0.2 * lineHeight + nextHeight;
    if (doc.y + needed > doc.page.height - doc.page.margins.bottom) doc.addPage();
  };

  const heading = (text: string, marks?: string) => {
    const y = doc.y;
    doc.font('bold').fontSize(12).text(text, MARGIN, y, { width, continued: false });
    if (marks) doc.font('body').fontSize(11).text(marks, MARGIN, y, { width, align: 'right' });
    doc.font('body').fontSize(11);
  };

  /** The student copy: title, instructions, and each question with its answer space. */
  const studentCopy = () => {
    doc.font('bold').fontSize(18).text(`${input.subject}: ${topic}`, { width });
    doc
      .font('body')
      .fontSize(10)
      .fillColor('#444')
      .text(
        `A-Level practice paper · ${input.difficultyLevel} · ${paper.questions.length} questions · ${totalMarks} marks · written by ${paper.generatedBy}`,
      )
      .text('Answer all questions. Show your working. The marks for each question are shown in brackets.');
    if (paper.note?.trim()) doc.moveDown(0.3).text(paper.note.trim());
    doc.fillColor('#000').moveDown(1);

    paper.questions.forEach((q: GeneratedQuestion, i) => {
      if (doc.y > doc.page.height - MARGIN - FOOTER - 120) doc.addPage();
      keepWithNext(12, readable(q.text));
      heading(`Question ${i + 1}`, marksLabel(q.totalMarks));
      doc.moveDown(0.2).text(readable(q.text), { width });
      if (q.options)
        for (const [letter, text] of Object.entries(q.options)) doc.text(`${letter}   ${readable(text)}`, { indent: 14, width });
      if (q.type !== 'multiple_choice') {
        const lines = Math.min(12, Math.max(2, q.totalMarks * 2));
        for (let l = 0; l < lines; l++) {
          if (doc.y > doc.page.height - MARGIN - FOOTER - 24) doc.addPage();
          doc.moveDown(1.1);
          doc
            .moveTo(MARGIN, doc.y)
            .lineTo(MARGIN + width, doc.y)
            .strokeColor('#999')
            .lineWidth(0.5)
            .stroke();
        }
      }
      doc.moveDown(1.2);
    });
  };

  /** Each copy's first page and the student it belongs to (a class set); one copy otherwise. */
  const copyStarts: { start: number; copy: PaperCopy | null }[] = [];
  if (copies?.length) {
    copies.forEach((copy, i) => {
      if (i > 0) doc.addPage();
      copyStarts.push({ start: doc.bufferedPageRange().count - 1, copy });
      studentCopy();
    });
  } else {
    copyStarts.push({ start: 0, copy: null });
    studentCopy();
  }

  if (input.includeAnswers) {
    doc.addPage();
    heading('Answer key (for teachers)');
    doc.moveDown(0.5);
    paper.questions.forEach((q, i) => {
      const answer = q.correctAnswer ? `Option ${q.correctAnswer}` : q.modelAnswer ? readable(q.modelAnswer) : 'See the mark scheme.';
      doc.text(`${i + 1}.  ${answer}`, { width }).moveDown(0.4);
    });
  }

  if (input.includeMarkScheme) {
    doc.addPage();
    heading('Mark scheme (for teachers)');
    doc.moveDown(0.5);
    paper.questions.forEach((q, i) => {
      const rules = q.schemeRules ?? {};
      keepWithNext(12, q.markScheme[0] ? pointLine(q.markScheme[0]) : '', 10);
      heading(`Question ${i + 1}`, `max ${schemeMaxMarks(q.markScheme, rules) || q.totalMarks}`);
      for (const p of q.markScheme) doc.text(pointLine(p), { width, indent: 10 });
      for (const g of rules.groups ?? []) doc.text(`max ${g.max} from the points of group ${g.id}`, { width, indent: 10 });
      if (rules.final_answer_full_marks) doc.text('A correct final answer earns full marks.', { width, indent: 10 });
      if (rules.levels?.length) {
        doc.moveDown(0.3);
        const levels = [...rules.levels].sort((a, b) => b.level - a.level);
        const first = levels[0];
        keepWithNext(11, first ? `Level ${first.level} (${first.min_marks}-${first.max_marks} marks): ${first.descriptor}` : '', 10);
        doc.font('bold').text('Levels of response (the points above are indicative content)', { width }).font('body');
        for (const l of levels) doc.text(`Level ${l.level} (${l.min_marks}-${l.max_marks} marks): ${l.descriptor}`, { width, indent: 10 });
      }
      doc.moveDown(0.6);
    });
  }

  const pages = doc.bufferedPageRange();
  /** The copy a page belongs to, with the page's number in that copy and the copy's length. */
  const copyOf = (index: number) => {
    let k = 0;
    while (k + 1 < copyStarts.length && copyStarts[k + 1].start <= index) k++;
    const end = k + 1 < copyStarts.length ? copyStarts[k + 1].start : pages.count;
    return { copy: copyStarts[k].copy, page: index - copyStarts[k].start + 1, of: end - copyStarts[k].start };
  };
  for (let p = pages.start; p < pages.start + pages.count; p++) {
    doc.switchToPage(p);
    const { copy, page, of } = copyOf(p - pages.start);
    const bottom = doc.page.height - MARGIN;
    const top = doc.page.margins.top;
    doc.page.margins.bottom = 0;
    if (copy) {
      // The name box, filled in, at the top of every page of the student's copy.
      const boxY = top - NAME_BOX - 6;
      doc.rect(MARGIN, boxY, width, NAME_BOX).lineWidth(0.8).strokeColor('#000').stroke();
      doc
        .font('body')
        .fontSize(9)
        .fillColor('#444')
        .text('Name', MARGIN + 6, boxY + 6, { lineBreak: false });
      doc
        .font('bold')
        .fontSize(12)
        .fillColor('#000')
        .text(copy.name, MARGIN + 44, boxY + 4, { width: width - 50, lineBreak: false, ellipsis: true });
    }
    doc
      .font('body')
      .fontSize(9)
      .fillColor('#444')
      .text(`Page ${page} of ${of}`, MARGIN, bottom - 12, { width: width / 2, lineBreak: false });
    if (code) {
      const side = copy ? 64 : 52;
      const { size, dark } = qrMatrix(copy ? paperQrPayload({ paperCode: code, studentId: copy.studentId, page }) : code);
      const cell = side / (size + 8);
      const x0 = MARGIN + width - side;
      const y0 = bottom - side;
      doc.rect(x0, y0, side, side).fill('#fff');
      for (let y = 0; y < size; y++)
        for (let x = 0; x < size; x++) if (dark(x, y)) doc.rect(x0 + (x + 4) * cell, y0 + (y + 4) * cell, cell, cell);
      doc.fill('#000');
      doc
        .font('bold')
        .fontSize(10)
        .fillColor('#000')
        .text(`Paper code ${code}`, MARGIN + width / 2, bottom - 24, { width: width / 2 - side - 8, align: 'right', lineBreak: false });
    }
  }
  doc.end();
  return done;
}
