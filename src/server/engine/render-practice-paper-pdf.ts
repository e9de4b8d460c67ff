import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';
import { schemeMaxMarks, type MarkPoint } from '../../shared/mark-scheme';
import type { GeneratedPaper, GeneratedQuestion, PracticePaperInput } from './engine';
import { qrMatrix } from './paper-identity';
import { htmlToText, mathsToText } from './text/html-to-text';

const require = createRequire(import.meta.url);
/** KaTeX's own text font (shipped in the katex package): Latin, Greek and the maths signs, embedded in the file. */
const FONT = require.resolve('katex/dist/fonts/KaTeX_Main-Regular.ttf');
const FONT_BOLD = require.resolve('katex/dist/fonts/KaTeX_Main-Bold.ttf');

const MARGIN = 56;
const FOOTER = 64;

/** Question HTML with KaTeX as readable text: \frac{a}{b} → a/b, \times → ×. */
function readable(html: string): string {
  return mathsToText(htmlToText(html));
}

function marksLabel(n: number): string {
  return `[${n} mark${n === 1 ? '' : 's'}]`;
}

function pointLine(p: MarkPoint): string {
  const extra = [
    p.accept.length ? `accept: ${p.accept.join('; ')}` : '',
    p.reject.length ? `reject: ${p.reject.join('; ')}` : '',
    p.numeric ? `value ${p.numeric.value}${p.numeric.unit ? ` ${p.numeric.unit}` : ''}` : '',
    p.depends_on ? `depends on ${p.depends_on}` : '',
    p.ecf ? 'ecf' : '',
  ].filter(Boolean);
  return `${p.kind}${p.marks}  ${readable(p.text)}${extra.length ? `  (${extra.join('; ')})` : ''}`;
}

/**
 * The practice paper as a real PDF file (pdfkit, on the server): the same content as the print window —
 * questions with their marks and answer lines, maths as readable text, the answer key and the mark scheme
 * (examiner style: M/A/B marks, "max N" groups, levels) each from a new page — and the paper's code and
 * QR code at the foot of every page.
 */
export function renderPracticePaperPdf(
  paper: GeneratedPaper,
  input: Pick<PracticePaperInput, 'subject' | 'difficultyLevel' | 'includeAnswers' | 'includeMarkScheme'>,
  code: string | null,
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

  const heading = (text: string, marks?: string) => {
    const y = doc.y;
    doc.font('bold').fontSize(12).text(text, MARGIN, y, { width, continued: false });
    if (marks) doc.font('body').fontSize(11).text(marks, MARGIN, y, { width, align: 'right' });
    doc.font('body').fontSize(11);
  };

  paper.questions.forEach((q: GeneratedQuestion, i) => {
    if (doc.y > doc.page.height - MARGIN - FOOTER - 120) doc.addPage();
    heading(`Question ${i + 1}`, marksLabel(q.totalMarks));
    doc.moveDown(0.2).text(readable(q.text), { width });
    if (q.options) for (const [letter, text] of Object.entries(q.options)) doc.text(`${letter}   ${readable(text)}`, { indent: 14, width });
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
      heading(`Question ${i + 1}`, `max ${schemeMaxMarks(q.markScheme, rules) || q.totalMarks}`);
      for (const p of q.markScheme) doc.text(pointLine(p), { width, indent: 10 });
      for (const g of rules.groups ?? []) doc.text(`max ${g.max} from the points of group ${g.id}`, { width, indent: 10 });
      if (rules.final_answer_full_marks) doc.text('A correct final answer earns full marks.', { width, indent: 10 });
      if (rules.levels?.length) {
        doc.moveDown(0.3).font('bold').text('Levels of response (the points above are indicative content)', { width }).font('body');
        for (const l of [...rules.levels].sort((a, b) => b.level - a.level))
          doc.text(`Level ${l.level} (${l.min_marks}-${l.max_marks} marks): ${l.descriptor}`, { width, indent: 10 });
      }
      doc.moveDown(0.6);
    });
  }

  const pages = doc.bufferedPageRange();
  for (let p = pages.start; p < pages.start + pages.count; p++) {
    doc.switchToPage(p);
    const bottom = doc.page.height - MARGIN;
    doc.page.margins.bottom = 0;
    doc
      .font('body')
      .fontSize(9)
      .fillColor('#444')
      .text(`Page ${p - pages.start + 1} of ${pages.count}`, MARGIN, bottom - 12, { width: width / 2, lineBreak: false });
    if (code) {
      const side = 52;
      const { size, dark } = qrMatrix(code);
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
