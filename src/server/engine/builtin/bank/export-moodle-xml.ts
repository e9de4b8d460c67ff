import type { MarkPoint } from '../../../../shared/mark-scheme';
import { escapeHtml } from '../../text/html-entities';
import { isTrueFalse, type ExportTopic } from './export-questions';
import { writeExactNumber } from '../../text/sig-figs';
import { instantiateQuestion, type ConcreteQuestion } from './instantiate';

/**
 * Bank topics as Moodle XML (https://docs.moodle.org/en/Moodle_XML_format), a file Moodle's question import accepts:
 * one category question per topic (`$course$/top/<subject>/<topic>`), then each question as the Moodle type that
 * holds it (multichoice single or multiple response, numerical, shortanswer; anything else as an essay whose
 * points are listed in the grader information). The model answer is the general feedback, the hints are Moodle
 * hints, embedded images (data: URLs) are `<file>` elements referenced by `@@PLUGINFILE@@`.
 *
 * What Moodle cannot hold (difficulty, Markwell's type and the whole mark scheme with every point's accept,
 * reject, numeric target, kind, dependencies, groups, levels) travels in a `<!-- markwell: {json} -->` comment
 * inside the question, which Moodle ignores and parse-moodle-xml.ts reads back. Templates are instantiated for `seed`.
 */

/** Text in CDATA (a `]]>` inside is split across two sections). */
function cdata(text: string): string {
  return `<![CDATA[${text.replace(/]]>/g, ']]]]><![CDATA[>')}]]>`;
}

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** A Moodle text field: `<tag format="html"><text>…</text>[files]</tag>`. */
function field(tag: string, html: string, attributes = '', files = ''): string {
  return `<${tag}${attributes} format="html"><text>${cdata(html)}</text>${files}</${tag}>`;
}

const EXTENSION: Record<string, string> = { 'image/png': 'png', 'image/jpeg': 'jpg', 'image/gif': 'gif', 'image/webp': 'webp' };

/** Embedded images (data: URLs) as `@@PLUGINFILE@@/image-N.ext` and their `<file>` elements. */
function withFiles(html: string): { html: string; files: string } {
  const files: string[] = [];
  const out = html.replace(
    /(\bsrc\s*=\s*)(["'])data:(image\/(?:png|jpeg|gif|webp));base64,([A-Za-z0-9+/]+={0,2})\2/g,
    (_w, start, quote, type, data) => {
      const name = `image-${files.length + 1}.${EXTENSION[type as string]}`;
      files.push(`<file name="${name}" path="/" encoding="base64">${data as string}</file>`);
      return `${start as string}${quote as string}@@PLUGINFILE@@/${name}${quote as string}`;
    },
  );
  return { html: out, files: files.join('') };
}

/** A comment's text: JSON never holds `--` outside strings, and inside them `-\u002d` reads back the same. */
function markwellComment(q: ConcreteQuestion): string {
  const json = JSON.stringify({
    difficulty: q.difficulty,
    type: q.type,
    markScheme: q.markScheme,
    ...(q.groups?.length && { groups: q.groups }),
    ...(q.levels?.length && { levels: q.levels }),
    ...(q.final_answer_full_marks && { final_answer_full_marks: true }),
  });
  return `<!-- markwell: ${json.replace(/--/g, '-\\u002d')} -->`;
}

/** Absolute tolerance of a numeric point: absTolerance, or the relative tolerance (default 1%) of its value. */
function absoluteTolerance(p: MarkPoint): number {
  const numeric = p.numeric!;
  return numeric.absTolerance ?? Math.abs(Number(numeric.value)) * (numeric.tolerance ?? 0.01);
}

/** An answer: HTML for multiple choice (format html), the words a student types for the others (moodle_auto_format). */
const answer = (fraction: number, text: string, format: 'html' | 'moodle_auto_format' = 'html', extra = '') =>
  `<answer fraction="${fraction}" format="${format}"><text>${cdata(text)}</text>${extra}<feedback format="html"><text></text></feedback></answer>`;

function xmlQuestion(q: ConcreteQuestion): string {
  const single = q.markScheme.length === 1 ? q.markScheme[0] : undefined;
  let type: string;
  let body: string[];
  if (isTrueFalse(q)) {
    type = 'truefalse';
    const right = q.correctAnswer === 'A';
    body = [answer(right ? 100 : 0, 'true', 'moodle_auto_format'), answer(right ? 0 : 100, 'false', 'moodle_auto_format')];
  } else if (q.type === 'multiple_choice' && q.options && q.correctAnswer) {
    // "A,C" multiple response (weights); "A|C" any one of several fully right options (each 100%, single answer)
    const right = q.correctAnswer.split(/[,|]/);
    const multiple = q.correctAnswer.includes(',');
    const total = q.markScheme.reduce((n, p) => n + p.marks, 0) || right.length;
    const fraction = (letter: string) => {
      if (!right.includes(letter)) return multiple ? -100 : 0;
      if (!multiple) return 100;
      const point = q.markScheme.find((p) => p.accept[0] === letter);
      return Number((((point?.marks ?? 1) / total) * 100).toFixed(5));
    };
    type = 'multichoice';
    body = [
      `<single>${multiple ? 'false' : 'true'}</single>`,
      `<shuffleanswers>${q.shuffle ? 'true' : 'false'}</shuffleanswers>`,
      '<answernumbering>ABCD</answernumbering>',
      ...Object.entries(q.options)
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([letter, text]) => answer(fraction(letter), escapeHtml(text))),
    ];
  } else if (q.type === 'short_answer' && single?.numeric && single.marks === 1 && typeof single.numeric.value === 'number') {
    type = 'numerical';
    // read by Moodle: the value and tolerance at full precision, in a notation it parses (never rounded for show)
    const unit = single.numeric.unit;
    body = [
      answer(
        100,
        writeExactNumber(single.numeric.value),
        'moodle_auto_format',
        `<tolerance>${writeExactNumber(absoluteTolerance(single))}</tolerance>`,
      ),
      ...(unit ? [`<units><unit><multiplier>1</multiplier><unit_name>${escapeXml(unit)}</unit_name></unit></units>`] : []),
      `<unitgradingtype>0</unitgradingtype><unitpenalty>0</unitpenalty><showunits>${unit ? 2 : 3}</showunits><unitsleft>0</unitsleft>`,
    ];
  } else if (q.type === 'short_answer' && single && single.marks === 1 && !single.numeric) {
    type = 'shortanswer';
    const accepted = [...new Set([single.text, ...single.accept])];
    body = [
      '<usecase>0</usecase>',
      ...accepted.map((a) => answer(100, a, 'moodle_auto_format')),
      ...single.reject.map((r) => answer(0, r, 'moodle_auto_format')),
    ];
  } else {
    // Everything Moodle cannot mark point by point is an essay; its points are the graders' information.
    type = 'essay';
    const points = `<ul>${q.markScheme.map((p) => `<li>${escapeHtml(p.text)} [${p.marks}]</li>`).join('')}</ul>`;
    body = [
      '<responseformat>editor</responseformat>',
      '<responserequired>1</responserequired>',
      '<responsefieldlines>15</responsefieldlines>',
      '<attachments>0</attachments>',
      '<attachmentsrequired>0</attachmentsrequired>',
      // a question still waiting for its scheme has no grader information (it imports back flagged, worth defaultgrade)
      field('graderinfo', q.markScheme.length ? `<p>Mark scheme (${q.marks} mark${q.marks === 1 ? '' : 's'}):</p>${points}` : ''),
      field('responsetemplate', ''),
    ];
  }
  const text = withFiles(q.text);
  return [
    `  <question type="${type}">`,
    `    ${markwellComment(q)}`,
    `    <name><text>${escapeXml(q.name?.replace(/\s*\n\s*/g, ' ').trim() || q.id)}</text></name>`,
    `    ${field('questiontext', text.html, '', text.files)}`,
    `    ${field('generalfeedback', q.modelAnswer)}`,
    `    <defaultgrade>${q.marks}</defaultgrade>`,
    '    <penalty>0</penalty>',
    '    <hidden>0</hidden>',
    `    <idnumber>${escapeXml(q.id)}</idnumber>`,
    ...body.map((b) => `    ${b}`),
    ...q.hints.map((h) => `    ${field('hint', h)}`),
    '  </question>',
  ].join('\n');
}

function categoryName(name: string): string {
  return name
    .replace(/\s*\n\s*/g, ' ')
    .trim()
    .replace(/\//g, '-');
}

/** Topics as a Moodle XML quiz file: one category question per topic, then its questions; templates instantiated for `seed`. */
export function exportMoodleXml(topics: ExportTopic[], seed = 1): string {
  const parts = ['<?xml version="1.0" encoding="UTF-8"?>', '<quiz>'];
  for (const t of topics) {
    parts.push(
      [
        '  <question type="category">',
        `    <category><text>${escapeXml(`$course$/top/${categoryName(t.subject)}/${categoryName(t.topic)}`)}</text></category>`,
        `    ${field('info', escapeHtml(t.description))}`,
        '  </question>',
      ].join('\n'),
    );
    for (const q of t.questions) parts.push(xmlQuestion(instantiateQuestion(q, seed)));
  }
  parts.push('</quiz>');
  return `${parts.join('\n')}\n`;
}
