import katex from 'katex';
import type { GeneratedPaper, PracticePaperInput } from './engine';
import { sanitizeModelHtml } from './format-text';
import { decodeEntities, escapeHtml } from './text/html-entities';

/**
 * A printable HTML practice paper (§7 {filename, html}). Text we did not write is escaped or, where it
 * is meant to be HTML (question text, model answers), sanitised to simple formatting tags.
 */

/**
 * Sanitised model HTML with its KaTeX maths (\( \) inline, \[ \] display) rendered as MathML, which
 * browsers print without KaTeX's stylesheet or fonts. Maths that does not parse stays as written.
 */
export function renderPrintableHtml(html: string): string {
  return sanitizeModelHtml(html).replace(/\\\(([\s\S]+?)\\\)|\\\[([\s\S]+?)\\\]/g, (whole, inline?: string, display?: string) => {
    try {
      return katex.renderToString(decodeEntities(inline ?? display ?? ''), {
        output: 'mathml',
        displayMode: display !== undefined,
        throwOnError: true,
      });
    } catch {
      return whole;
    }
  });
}

function slug(text: string): string {
  return (
    text
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 40) || 'paper'
  );
}

export function practicePaperFilename(input: Pick<PracticePaperInput, 'subject' | 'topic'>): string {
  return `${slug(input.subject)}-${slug(input.topic)}-practice-paper.html`;
}

/** What the paper is on: its own topic, which is not the one asked for when the engine drew from across the subject. */
function paperTopic(paper: GeneratedPaper): string {
  return paper.topic?.trim() || 'mixed topics';
}

export function renderPracticePaper(paper: GeneratedPaper, input: PracticePaperInput): { filename: string; html: string } {
  const topic = paperTopic(paper);
  const totalMarks = paper.questions.reduce((n, q) => n + q.totalMarks, 0);
  const questions = paper.questions
    .map((q, i) => {
      const options = q.options
        ? `<ol class="options">${Object.entries(q.options)
            .map(([letter, text]) => `<li><strong>${escapeHtml(letter)}</strong> ${renderPrintableHtml(text)}</li>`)
            .join('')}</ol>`
        : '';
      const lines = q.type === 'multiple_choice' ? '' : '<div class="lines"></div>'.repeat(Math.min(12, Math.max(2, q.totalMarks * 2)));
      return `<section class="question"><h2>Question ${i + 1} <span class="marks">[${q.totalMarks} mark${q.totalMarks === 1 ? '' : 's'}]</span></h2>
<div class="text">${renderPrintableHtml(q.text)}</div>${options}${lines}</section>`;
    })
    .join('\n');

  const answers = input.includeAnswers
    ? `<section class="teacher"><h2>Answer key (for teachers)</h2><ol>${paper.questions
        .map((q) => {
          const answer = q.correctAnswer
            ? `Option ${escapeHtml(q.correctAnswer)}`
            : q.modelAnswer
              ? renderPrintableHtml(q.modelAnswer)
              : 'See the mark scheme.';
          return `<li>${answer}</li>`;
        })
        .join('')}</ol></section>`
    : '';

  const schemes = input.includeMarkScheme
    ? `<section class="teacher"><h2>Mark scheme (for teachers)</h2>${paper.questions
        .map(
          (q, i) =>
            `<h3>Question ${i + 1} (${q.totalMarks})</h3><ul>${q.markScheme
              .map((p) => {
                const extra = [
                  p.accept.length ? `accept: ${escapeHtml(p.accept.join('; '))}` : '',
                  p.reject.length ? `reject: ${escapeHtml(p.reject.join('; '))}` : '',
                  p.numeric ? `value ${escapeHtml(String(p.numeric.value))}${p.numeric.unit ? ` ${escapeHtml(p.numeric.unit)}` : ''}` : '',
                ].filter(Boolean);
                return `<li>${escapeHtml(p.text)} [${p.marks}]${extra.length ? ` <em>(${extra.join('; ')})</em>` : ''}</li>`;
              })
              .join('')}</ul>`,
        )
        .join('')}</section>`
    : '';

  const title = escapeHtml(`${input.subject}: ${topic}`);
  // Notes are plain text from the engine (a topic that did not match, fewer questions than asked for, a model that was unavailable).
  const note = paper.note?.trim() ? `\n<p class="note">${escapeHtml(paper.note.trim())}</p>` : '';
  const html = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>${title} practice paper</title>
<style>
  body { font-family: Georgia, 'Times New Roman', serif; max-width: 48rem; margin: 2rem auto; color: #111; line-height: 1.5; }
  header { border-bottom: 2px solid #111; margin-bottom: 1.5rem; }
  h1 { font-size: 1.6rem; margin: 0 0 .25rem; }
  h2 { font-size: 1.1rem; margin: 1.5rem 0 .5rem; }
  .marks { font-weight: normal; float: right; }
  .lines { border-bottom: 1px solid #999; height: 1.8rem; }
  .options { list-style: none; padding-left: 1rem; }
  .teacher { page-break-before: always; }
  .meta { color: #444; font-size: .9rem; }
  .note { border-left: 3px solid #999; padding-left: .75rem; font-size: .9rem; }
  @media print { body { margin: 0 1rem; } .question { page-break-inside: avoid; } }
</style>
</head>
<body>
<header>
<h1>${title}</h1>
<p class="meta">A-Level practice paper · ${escapeHtml(input.difficultyLevel)} · ${paper.questions.length} questions · ${totalMarks} marks · written by ${escapeHtml(paper.generatedBy)}</p>
<p class="meta">Answer all questions. Show your working. The marks for each question are shown in brackets.</p>${note}
</header>
<main>
${questions}
</main>
${answers}
${schemes}
</body>
</html>`;
  return { filename: practicePaperFilename({ subject: input.subject, topic }), html };
}
