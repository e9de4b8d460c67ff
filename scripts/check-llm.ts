/**
 * A manual check of the configured provider: `npx tsx scripts/check-llm.ts [--paper] [--tutor]`
 * with AI_PROVIDER etc. set (see docs/llm.md). It marks one sample answer (and optionally writes a
 * two-question paper and a tutor reply), printing the results, who produced them and the time taken.
 * No built-in engine is used, so every model failure is visible.
 */
import { markPointSchema } from '../src/shared/mark-scheme';
import { engineError, type Engine, type QuestionForMarking } from '../src/server/engine/engine';
import { createLlmEngine } from '../src/server/engine/llm/create-llm-engine';
import { parseLlmConfig } from '../src/server/engine/llm/llm-config';

const unavailable = async (): Promise<never> => {
  throw engineError('UNAVAILABLE', 'no built-in engine in this check');
};
const noFallback: Engine = {
  info: { kind: 'builtin', model: 'none', label: 'no fallback' },
  generateCourse: unavailable,
  generatePaper: unavailable,
  evaluateAnswer: unavailable,
  tutorReply: unavailable,
  answerFromDocument: unavailable,
  questionsFromDocument: unavailable,
  gradePages: unavailable,
  practicePaper: unavailable,
};

const question: QuestionForMarking = {
  text: '<p>Explain how an enzyme increases the rate of a reaction. (3 marks)</p>',
  type: 'short_answer',
  totalMarks: 3,
  subject: 'Biology',
  topic: 'Enzymes',
  markScheme: [
    markPointSchema.parse({ id: 'p1', text: 'substrate binds to the active site / enzyme-substrate complex forms' }),
    markPointSchema.parse({ id: 'p2', text: 'active site is complementary to the substrate' }),
    markPointSchema.parse({ id: 'p3', text: 'lowers the activation energy', reject: ['gives the reaction energy'] }),
  ],
};
const answer = 'The substrate fits into the active site because their shapes are complementary, forming an enzyme-substrate complex.';

async function timed<T>(name: string, run: () => Promise<T>): Promise<void> {
  const started = performance.now();
  try {
    const result = await run();
    console.log(`\n== ${name} (${Math.round(performance.now() - started)} ms)\n${JSON.stringify(result, null, 2)}`);
  } catch (error) {
    console.log(`\n== ${name} FAILED after ${Math.round(performance.now() - started)} ms: ${(error as Error).message}`);
    process.exitCode = 1;
  }
}

const config = parseLlmConfig(process.env);
if (!config) {
  console.error('AI_PROVIDER is not set: the app would use the built-in engine only. See docs/llm.md.');
  process.exit(1);
}
const engine = createLlmEngine({
  config,
  fallback: noFallback,
  onFallback: (e) => {
    console.error(`!! ${e.task}: the model failed (${e.reason})`);
    process.exitCode = 1;
  },
});
console.log(`Using ${engine.info.label} at ${config.baseURL ?? 'the provider default URL'}, timeout ${config.timeoutMs} ms`);
await timed('evaluateAnswer (expect p1 and p2 covered, p3 not: 2/3)', () => engine.evaluateAnswer({ question, answer }));
if (process.argv.includes('--tutor'))
  await timed('tutorReply', () => engine.tutorReply({ question, answer, history: [], message: 'What am I missing?' }));
if (process.argv.includes('--paper'))
  await timed('generatePaper', () => engine.generatePaper({ subject: 'Physics', topic: 'Kinematics', difficulty: 'medium', count: 2 }));
