import katex from 'katex';
import { markLabel, type MarkPoint } from '../../shared/mark-scheme';
import type { GeneratedPaper, GeneratedQuestion, PracticePaperInput } from './engine';
import { sanitizeModelHtml } from './format-text';
import { decodeEntities, escapeHtml } from './text/html-entities';
import { writeSchemeValue } from './text/sig-figs';

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

const plural = (n: number, word = 'mark') => `${n} ${word}${n === 1 ? '' : 's'}`;

export { markLabel };

/** What an examiner writes beside a point: dependency, ECF, accept / reject / ignore, the value (to the scheme's s.f.: text/sig-figs.ts). */
function guidance(point: MarkPoint, byId: Map<string, MarkPoint>): string {
  const needs = point.depends_on ? byId.get(point.depends_on) : undefined;
  const parts = [
    needs ? `dep. on ${escapeHtml(markLabel(needs))} (${escapeHtml(needs.id)})` : '',
    point.ecf ? '<strong>ECF</strong>' : '',
    point.numeric
      ? `value ${escapeHtml(writeSchemeValue(point))}${point.numeric.unit ? ` ${escapeHtml(point.numeric.unit)}` : ''}${
          point.numeric.sigFigs ? ` to ${point.numeric.sigFigs} s.f.` : ''
        }`
      : '',
    point.accept.length ? `accept: ${escapeHtml(point.accept.join('; '))}` : '',
    point.reject.length ? `reject: ${escapeHtml(point.reject.join('; '))}` : '',
    point.ignore.length ? `ignore: ${escapeHtml(point.ignore.join('; '))}` : '',
  ].filter(Boolean);
  return parts.join('; ');
}

/**
 * One question's scheme as an examiner's: a row per point labelled M1 / A1 / B1 (B2 for a 2-mark
 * point), its guidance (dependency, ECF, accept / reject), "max N" under each group, the final-answer
 * rule, and for levels of response a table of levels (level, marks, descriptor) with the points as
 * indicative content. Every text is escaped.
 */
export function renderQuestionScheme(q: GeneratedQuestion, number: number): string {
  const rules = q.schemeRules ?? {};
  const heading = `<h3>Question ${number} [${plural(q.totalMarks)}]</h3>`;
  if (rules.levels?.length) {
    const levels = [...rules.levels].sort((a, b) => b.level - a.level);
    return `${heading}<p class="rule">Marked by levels of response: decide the level that best fits the answer as a whole, then the mark within it.</p>
<table class="scheme"><thead><tr><th>Level</th><th>Marks</th><th>Descriptor</th></tr></thead><tbody>${levels
      .map(
        (l) =>
          `<tr><td class="mark">${l.level}</td><td class="mark">${l.min_marks}–${l.max_marks}</td><td>${escapeHtml(l.descriptor)}</td></tr>`,
      )
      .join('')}<tr><td class="mark">0</td><td class="mark">0</td><td>No relevant content.</td></tr></tbody></table>
<p class="rule">Indicative content:</p><ul>${q.markScheme.map((p) => `<li>${escapeHtml(p.text)}</li>`).join('')}</ul>`;
  }
  const byId = new Map(q.markScheme.map((p) => [p.id, p]));
  const groups = new Map((rules.groups ?? []).map((g) => [g.id, g]));
  const rows: string[] = [];
  q.markScheme.forEach((p) => {
    const group = p.group ? groups.get(p.group) : undefined;
    rows.push(`<tr><td class="mark">${escapeHtml(markLabel(p))}</td><td>${escapeHtml(p.text)}</td><td>${guidance(p, byId)}</td></tr>`);
    // "max N" after a group's last point.
    const members = group ? q.markScheme.filter((x) => x.group === group.id) : [];
    if (group && members.at(-1) === p)
      rows.push(
        `<tr class="max"><td class="mark">max ${group.max}</td><td colspan="2">max ${plural(group.max)} from ${members
          .map((m) => `${escapeHtml(markLabel(m))} (${escapeHtml(m.id)})`)
          .join(', ')}</td></tr>`,
      );
  });
  const finalRule = rules.final_answer_full_marks
    ? `<p class="rule">A correct final answer scores full marks (${plural(q.totalMarks)}), whatever working is shown.</p>`
    : '';
  return `${heading}<table class="scheme"><thead><tr><th>Mark</th><th>Answer</th><th>Guidance</th></tr></thead><tbody>${rows.join(
    '',
  )}</tbody></table>${finalRule}`;
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
      // The heading and the question's text print together (.stem): a heading never ends a page alone.
      return `<section class="question"><div class="stem"><h2>Question ${i + 1} <span class="marks">[${q.totalMarks} mark${q.totalMarks === 1 ? '' : 's'}]</span></h2>
<div class="text">${renderPrintableHtml(q.text)}</div></div>${options}${lines}</section>`;
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
    ? `<section class="teacher"><h2>Mark scheme (for teachers)</h2>${paper.questions.map((q, i) => renderQuestionScheme(q, i + 1)).join('')}</section>`
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
  .scheme { border-collapse: collapse; width: 100%; font-size: .9rem; margin: .25rem 0 .5rem; }
  .scheme th, .scheme td { border: 1px solid #999; padding: .2rem .4rem; text-align: left; vertical-align: top; }
  .scheme .mark { white-space: nowrap; font-weight: bold; }
  .scheme .max td { font-style: italic; }
  .rule { font-size: .9rem; margin: .25rem 0; }
  @media print {
    body { margin: 0 1rem; }
    .question { page-break-inside: avoid; break-inside: avoid; }
    /* A question taller than a page still breaks, but never between its heading and its first lines. */
    .stem, .scheme tr, .scheme thead, .options li { page-break-inside: avoid; break-inside: avoid; }
    h1, h2, h3, .rule { page-break-after: avoid; break-after: avoid; }
  }
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
