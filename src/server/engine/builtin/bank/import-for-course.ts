import type { ImportReport } from '../../../../shared/question-import';
import type { ImportFormat } from '../../../../shared/question-import-text';
import type { GeneratedQuestion, QuestionForMarking } from '../../engine';
import { exportGift, exportJson } from './export-questions';
import { exportMoodleXml } from './export-moodle-xml';
import { htmlToText } from '../../text/html-to-text';
import { importTree, treeTopics, UNMARKED_ESSAY_NOTE, type GiftImportReport, type UnmarkedEssay } from './import-gift';
import { formatImportError, importJson, type ImportResult } from './import-questions';
import { instantiateQuestion } from './instantiate';
import { parseGift } from './parse-gift';
import { parseMoodleXml } from './parse-moodle-xml';
import { bankSchemeRules } from './to-generated-paper';
import { toBankDifficulty, topicFileSchema, type BankQuestion } from './schema';

const PREVIEW_CHARS = 160;

/**
 * A teacher's file as questions for a course of theirs (the in-app import): every topic of a GIFT or Moodle XML
 * file (each question keeps its category as its topic), or a JSON topic file; templates instantiated for `seed`. The report
 * lists what was imported, changed and skipped, question by question; `errors` are the file's own problems.
 */
export function importForCourse(input: { format: ImportFormat; source: string; subject: string; strict?: boolean; seed?: number }): {
  questions: GeneratedQuestion[];
  report: ImportReport;
} {
  const report: ImportReport = { imported: [], changed: [], skipped: [], errors: [] };
  const questions: GeneratedQuestion[] = [];
  const results: { result: ImportResult; gift?: GiftImportReport; unmarked?: UnmarkedEssay[] }[] = [];
  if (input.format === 'json') {
    results.push({ result: importJson(input.source, { subject: input.subject, topic: 'Imported questions' }) });
  } else {
    const parsed = input.format === 'xml' ? parseMoodleXml(input.source) : { ...parseGift(input.source), fileErrors: [] };
    // a file that is not Moodle XML at all (malformed, a DOCTYPE, no <quiz>): nothing can be imported
    if (parsed.fileErrors.length > 0) return { questions, report: { ...report, errors: parsed.fileErrors } };
    const topics = treeTopics(parsed);
    for (const topic of topics.length > 1 ? topics : [topics[0] ?? 'Imported questions']) {
      // Without --strict, an essay with no scheme is imported flagged "needs a mark scheme" (strict keeps refusing it:
      // all-or-nothing promises every question comes in whole and markable).
      const result = importTree(parsed, { subject: input.subject, topic, strict: input.strict, unmarkedEssays: !input.strict });
      results.push({ result, gift: result.report, unmarked: result.unmarked });
    }
  }
  for (const { result, gift, unmarked } of results) {
    for (const essay of unmarked ?? []) {
      const topic = essay.topic ?? 'Imported questions';
      questions.push({
        text: essay.text,
        type: 'essay',
        totalMarks: essay.marks,
        markScheme: [],
        ...(essay.modelAnswer && { modelAnswer: essay.modelAnswer }),
        hints: essay.hints,
        topic,
        needsScheme: true,
        ...(essay.title && { name: essay.title }),
      });
      const plain = htmlToText(essay.text);
      report.imported.push({
        number: essay.number,
        ...(essay.title && { title: essay.title }),
        text: plain.length > PREVIEW_CHARS ? `${plain.slice(0, PREVIEW_CHARS - 1)}…` : plain,
        type: 'essay',
        marks: essay.marks,
        topic,
        needsScheme: true,
      });
      for (const message of [...essay.changes, UNMARKED_ESSAY_NOTE])
        report.changed.push({ number: essay.number, ...(essay.title && { title: essay.title }), message });
    }
    if (!result.topicFile) {
      // JSON and --strict GIFT: all or nothing, every problem named
      for (const e of result.errors) {
        if (e.number === undefined) report.errors.push(e.message);
        else
          report.skipped.push({
            number: e.number,
            ...(e.title && { title: e.title }),
            message: formatImportError({ ...e, number: undefined }),
          });
      }
      if (gift) report.skipped.push(...gift.skipped.map(({ number, title, message }) => ({ number, ...(title && { title }), message })));
      continue;
    }
    const file = topicFileSchema.parse(result.topicFile);
    file.questions.forEach((q, i) => {
      const concrete = instantiateQuestion(q, input.seed ?? 1);
      const rules = bankSchemeRules(concrete);
      questions.push({
        text: concrete.text,
        type: concrete.type,
        totalMarks: concrete.marks,
        ...(concrete.options && { options: concrete.options }),
        ...(concrete.correctAnswer && { correctAnswer: concrete.correctAnswer }),
        markScheme: concrete.markScheme,
        ...(rules && { schemeRules: rules }),
        modelAnswer: concrete.modelAnswer,
        hints: concrete.hints,
        topic: file.topic,
        ...(concrete.name && { name: concrete.name }),
        ...(concrete.shuffle && concrete.options && { shuffleOptions: true }),
      });
      const source = gift?.imported[i];
      const plain = htmlToText(concrete.text);
      report.imported.push({
        number: source?.number ?? i + 1,
        ...(source?.title && { title: source.title }),
        text: plain.length > PREVIEW_CHARS ? `${plain.slice(0, PREVIEW_CHARS - 1)}…` : plain,
        type: concrete.type,
        marks: concrete.marks,
        topic: file.topic,
      });
    });
    if (gift) {
      report.changed.push(...gift.changed.map(({ number, title, message }) => ({ number, ...(title && { title }), message })));
      report.skipped.push(...gift.skipped.map(({ number, title, message }) => ({ number, ...(title && { title }), message })));
    }
  }
  const byNumber = <T extends { number: number }>(a: T, b: T) => a.number - b.number;
  const order = report.imported.map((q, i) => ({ q, question: questions[i] })).sort((a, b) => a.q.number - b.q.number);
  report.imported = order.map((o) => o.q);
  questions.splice(0, questions.length, ...order.map((o) => o.question));
  report.changed.sort(byNumber);
  report.skipped.sort(byNumber);
  return { questions, report };
}

/** Stored questions (a paper of a course) as a GIFT, Moodle XML or JSON file, in the bank's own exchange formats. */
export function exportForCourse(input: {
  format: ImportFormat;
  subject: string;
  topic: string;
  description: string;
  difficulty: string;
  questions: (QuestionForMarking & { id: string; name?: string | null; shuffleOptions?: boolean })[];
  byTopic?: boolean;
}): { content: string; contentType: string; extension: string } {
  const difficulty = toBankDifficulty(input.difficulty) ?? 'medium';
  const questions: BankQuestion[] = input.questions.map((q) => ({
    id: q.id,
    type: q.type,
    difficulty,
    marks: q.totalMarks,
    text: q.text,
    ...(q.options && { options: q.options }),
    ...(q.correctAnswer && { correctAnswer: q.correctAnswer }),
    markScheme: q.markScheme,
    ...(q.schemeRules?.groups?.length && { groups: q.schemeRules.groups }),
    ...(q.schemeRules?.levels?.length && { levels: q.schemeRules.levels }),
    ...(q.schemeRules?.final_answer_full_marks && { final_answer_full_marks: true }),
    modelAnswer: q.modelAnswer ?? '',
    hints: q.hints ?? [],
    ...(q.name?.trim() && { name: q.name.trim() }),
    ...(q.shuffleOptions && q.options && { shuffle: true }),
  }));
  const topic = { subject: input.subject, topic: input.topic, description: input.description, questions };
  // JSON is the bank's own format, whose every question has a scheme: a question still waiting for one is left out
  // (GIFT and Moodle XML carry it, and it comes back flagged)
  if (input.format === 'json')
    return {
      content: exportJson([{ ...topic, questions: questions.filter((q) => q.markScheme.length > 0) }]),
      contentType: 'application/json; charset=utf-8',
      extension: 'json',
    };
  // a whole course: one category per topic, so that it imports back with each question's topic
  const topics = input.byTopic ? splitByTopic(topic, input.questions) : [topic];
  if (input.format === 'xml') return { content: exportMoodleXml(topics), contentType: 'application/xml; charset=utf-8', extension: 'xml' };
  return { content: exportGift(topics), contentType: 'text/plain; charset=utf-8', extension: 'gift' };
}

/** The file's questions as one topic per question topic, in order of first appearance (the file's topic for a question without one). */
function splitByTopic<T extends { topic: string; questions: BankQuestion[] }>(file: T, stored: { topic?: string | null }[]): T[] {
  const byTopic = new Map<string, BankQuestion[]>();
  file.questions.forEach((q, i) => {
    const name = stored[i]?.topic?.trim() || file.topic;
    byTopic.set(name, [...(byTopic.get(name) ?? []), q]);
  });
  return [...byTopic].map(([name, questions]) => ({ ...file, topic: name, questions }));
}
