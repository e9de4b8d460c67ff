import type { Feedback } from '../../../../shared/mark-scheme';
import type { Engine, GeneratedPaper, QuestionForMarking } from '../../engine';
import { gradeReadPages } from '../../grading/grade-pages';
import type { ToolInput, ToolName, ToolOutput, ToolRunner } from '../../tools/tool-calls';

/**
 * A small stand-in for the built-in engine, so the LLM engine's tests do not depend on it. It records
 * every call (its `tools`' readSheets too, the offline sheet reader), and `failing` makes chosen methods throw. Its marker is deliberately simple: a point is
 * covered when the answer contains the point's text, an `accept` wording or the numeric value;
 * a multiple-choice answer is right when it is the correct letter.
 */

export type EngineMethod = Exclude<keyof Engine, 'info'> | 'readSheets';

export interface FakeFallbackEngine extends Engine {
  calls: { method: EngineMethod; input: unknown }[];
  failing: Set<EngineMethod>;
  /** The tools beside it: readSheets reads every image as 'Built-in OCR text.' (the LLM engine's `tools` in a test). */
  tools: ToolRunner;
}

function markSimply(question: QuestionForMarking, answer: string): Feedback {
  const lower = answer.toLowerCase();
  if (question.type === 'multiple_choice') {
    const right = answer.trim().toUpperCase() === (question.correctAnswer ?? '').toUpperCase();
    return {
      marks_awarded: right ? question.totalMarks : 0,
      total_marks: question.totalMarks,
      qualitative_feedback: right ? 'Correct option.' : 'Not the correct option.',
      markscheme_evaluation: question.markScheme.map((p) => ({
        point_id: p.id,
        text: p.text,
        status: right ? 'COVERED' : 'NOT_COVERED',
        justification: right ? 'Chose the correct option.' : 'Chose a different option.',
      })),
      marked_by: 'the built-in marker',
    };
  }
  const evaluations = question.markScheme.map((p) => {
    const covered = p.numeric
      ? lower.includes(String(p.numeric.value).toLowerCase())
      : [p.text, ...p.accept].some((w) => lower.includes(w.toLowerCase()));
    return {
      point_id: p.id,
      text: p.text,
      status: covered ? 'COVERED' : 'NOT_COVERED',
      justification: covered ? 'Found in the answer (fake marker).' : 'Not found in the answer (fake marker).',
    };
  });
  const marks = question.markScheme.reduce((n, p, i) => n + (evaluations[i].status === 'COVERED' ? p.marks : 0), 0);
  return {
    marks_awarded: Math.min(marks, question.totalMarks),
    total_marks: question.totalMarks,
    qualitative_feedback: 'Marked by the fake built-in marker.',
    markscheme_evaluation: evaluations,
    marked_by: 'the built-in marker',
  };
}

function bankPaper(subject: string, topic: string | null | undefined, count: number): GeneratedPaper {
  return {
    title: `${subject} bank paper`,
    description: 'Questions from the built-in bank.',
    topic: topic ?? null,
    difficultyLevel: 'medium',
    generatedBy: 'the built-in engine',
    questions: Array.from({ length: count }, (_, i) => ({
      text: `<p>Bank question ${i + 1} on ${topic ?? subject}.</p>`,
      type: 'short_answer' as const,
      totalMarks: 1,
      markScheme: [{ id: 'p1', text: 'a bank point', marks: 1, kind: 'B' as const, accept: [], reject: [], ignore: [], required: [] }],
      hints: ['Think about the definition.'],
      sourceId: `bank-${i + 1}`,
    })),
  };
}

export function createFakeFallbackEngine(): FakeFallbackEngine {
  const calls: FakeFallbackEngine['calls'] = [];
  const failing = new Set<EngineMethod>();
  const track = (method: EngineMethod, input: unknown) => {
    calls.push({ method, input });
    if (failing.has(method)) throw new Error(`fake built-in ${method} failed`);
  };
  const tools: ToolRunner = {
    async run<K extends ToolName>(call: K, input: ToolInput<K>): Promise<ToolOutput<K>> {
      if (call !== 'readSheets') throw new Error(`the fake fallback has no ${call} tool`);
      track('readSheets', input);
      const { images } = input as ToolInput<'readSheets'>;
      const read: ToolOutput<'readSheets'> = images.map(() => ({
        text: 'Built-in OCR text.',
        confidence: 90,
        paperCode: null,
        readBy: 'the fake reader',
      }));
      return read as ToolOutput<K>;
    },
  };
  return {
    calls,
    failing,
    tools,
    info: { kind: 'builtin', model: 'builtin', label: 'the built-in marker' },
    async generateCourse(input) {
      track('generateCourse', input);
      return { title: `${input.subject} A-Level Practice`, subject: input.subject, paper: bankPaper(input.subject, null, 3) };
    },
    async generatePaper(input) {
      track('generatePaper', input);
      return bankPaper(input.subject, input.topic, input.count);
    },
    async evaluateAnswer(input) {
      track('evaluateAnswer', input);
      return markSimply(input.question, input.answer);
    },
    async tutorReply(input) {
      track('tutorReply', input);
      return { content: '<p>Built-in tutor: what does the first hint suggest?</p>', by: 'the built-in tutor' };
    },
    async answerFromDocument(input) {
      track('answerFromDocument', input);
      return { response: 'Built-in answer (p. 1).', citations: [{ page: 1, text: input.pages[0] ?? '' }], by: 'the built-in engine' };
    },
    async questionsFromDocument(input) {
      track('questionsFromDocument', input);
      return bankPaper(input.subject, input.name, input.count ?? 3);
    },
    async gradePages(input) {
      track('gradePages', input);
      return gradeReadPages(input, {
        read: async (images) =>
          images.map(() => ({ text: 'Built-in OCR text.', confidence: 90, paperCode: null, readBy: 'the fake reader' })),
        mark: async (answers) => answers.map((a) => markSimply(a.question, a.answer)),
      });
    },
    async practicePaper(input) {
      track('practicePaper', input);
      return { filename: 'built-in-practice-paper.html', html: '<!doctype html><title>Built-in paper</title>' };
    },
  };
}
