// Latency of the built-in marker, one answer at a time, on every question of the bank: the model
// answer, a half answer (its first sentence), an unrelated answer and a long essay-length answer.
// Prints numbers; asserts nothing.   npm run bench:marker
import { defaultContentDir, readBank } from '../src/server/engine/builtin/bank/load-bank';
import { instantiateQuestion } from '../src/server/engine/builtin/bank/instantiate';
import { markAnswer, warmUpMarker } from '../src/server/engine/builtin/marker/mark-answer';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);

function summarise(name: string, ms: number[]) {
  const sorted = [...ms].sort((a, b) => a - b);
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
  const mean = ms.reduce((a, b) => a + b, 0) / ms.length;
  console.log(
    `${name.padEnd(22)} n=${String(ms.length).padStart(5)}  mean ${mean.toFixed(2).padStart(6)} ms  p50 ${at(50).toFixed(2).padStart(6)}  p95 ${at(95).toFixed(2).padStart(6)}  p99 ${at(99).toFixed(2).padStart(6)}  max ${sorted[sorted.length - 1].toFixed(2).padStart(7)}`,
  );
}

const t0 = performance.now();
warmUpMarker();
console.log(`warm-up (language model, word vectors, classifier): ${(performance.now() - t0).toFixed(0)} ms`);

const bank = readBank(defaultContentDir());
const questions = [...bank.byId.values()].map((e) => e.question);
const plain = (html: string) =>
  html
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
const times: Record<string, number[]> = { 'model answer': [], 'half answer': [], unrelated: [], 'long (4 answers)': [] };

for (let round = 0; round < ROUNDS; round++) {
  for (const question of questions) {
    // a fresh seed each round: new template values, and answers the marker's cache has not seen
    const q = instantiateQuestion(question, 1000 + round);
    const model = plain(q.modelAnswer);
    const answers: Record<string, string> = {
      'model answer': model,
      'half answer': model.split(/(?<=\.)\s/)[0],
      unrelated: `Round ${round}: I enjoy reading novels and playing football with my friends at the weekend.`,
      'long (4 answers)': Array.from({ length: 4 }, (_, i) => `${model} (${i + round})`).join(' '),
    };
    for (const [kind, answer] of Object.entries(answers)) {
      const t = performance.now();
      markAnswer({
        questionText: q.text,
        type: q.type,
        totalMarks: q.marks,
        markScheme: q.markScheme,
        answer,
        options: q.options,
        correctAnswer: q.correctAnswer,
      });
      times[kind].push(performance.now() - t);
    }
  }
}

console.log(`\n${questions.length} bank questions x ${ROUNDS} rounds, one answer at a time (Node ${process.version})\n`);
for (const [kind, ms] of Object.entries(times)) summarise(kind, ms);
summarise('all', Object.values(times).flat());
console.log(`\npeak RSS ${(process.memoryUsage().rss / 2 ** 20).toFixed(0)} MiB`);
