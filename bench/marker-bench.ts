// Latency of the built-in marker, one answer at a time, on every question of the bank (with its scheme
// rules: groups, final-answer rule, levels): the model answer, a half answer (its first sentence), an
// unrelated answer and a long essay-length answer; and levels-marked essays (every bank question marked by
// levels, plus a 6-mark essay of ~300 words against 8 points of indicative content).
// Prints numbers; asserts nothing.   npm run bench:marker
import os from 'node:os';
import { defaultContentDir } from '../src/server/engine/builtin/bank/bank';
import { readBank } from '../src/server/engine/builtin/bank/load-bank';
import { instantiateQuestion } from '../src/server/engine/builtin/bank/instantiate';
import { bankSchemeRules } from '../src/server/engine/builtin/bank/to-generated-paper';
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
/**
 * CPU time of each call as well as wall time: on a shared machine wall time includes waiting for a core
 * (another process's work); process.cpuUsage() counts only this process's own work, so its p95 is the
 * number to compare across runs when the load differs.
 */
const cpu: Record<string, number[]> = {};
function timed(kind: string, run: () => void): void {
  const c = process.cpuUsage();
  const t = performance.now();
  run();
  times[kind].push(performance.now() - t);
  const d = process.cpuUsage(c);
  (cpu[kind] ??= []).push((d.user + d.system) / 1000);
}
const times: Record<string, number[]> = {
  'model answer': [],
  'half answer': [],
  unrelated: [],
  'long (4 answers)': [],
  'levels essay': [],
};

const ESSAY_POINTS = [
  'alveoli give a very large surface area for diffusion',
  'the alveolar wall is one cell thick so the diffusion distance is short',
  'the capillary wall is one cell thick',
  'a dense network of capillaries surrounds the alveoli',
  'ventilation brings in fresh air and keeps a steep oxygen concentration gradient',
  'blood flow carries oxygenated blood away and maintains the gradient',
  'oxygen diffuses from the alveolar air into the blood down its concentration gradient',
  'carbon dioxide diffuses from the blood into the alveoli and is breathed out',
].map((text, i) => ({ id: `i${i + 1}`, text }));
const ESSAY_LEVELS = [
  { level: 1, min_marks: 1, max_marks: 2, descriptor: 'Some relevant features are stated, with little explanation.' },
  { level: 2, min_marks: 3, max_marks: 4, descriptor: 'Several features are described and some are linked to diffusion.' },
  { level: 3, min_marks: 5, max_marks: 6, descriptor: 'Most features are explained and clearly linked to fast diffusion.' },
];
const essay = (round: number) =>
  `In round ${round} I explain gas exchange. The lungs contain millions of alveoli, which together give a very large surface area, ` +
  'so many oxygen molecules can diffuse at the same time. The wall of each alveolus is only one cell thick and made of squamous ' +
  'epithelium, so the diffusion distance between the air and the blood is very short. The capillaries around the alveoli also have ' +
  'walls one cell thick, and there is a dense network of them, so every alveolus is close to the blood. Breathing ventilates the ' +
  'lungs: fresh air is brought in and stale air is removed, which keeps the concentration of oxygen in the alveoli high. At the same ' +
  'time the blood is constantly flowing, carrying oxygenated blood away to the heart, so the concentration of oxygen in the blood ' +
  'next to the alveoli stays low. This maintains a steep concentration gradient. Oxygen therefore diffuses from the alveolar air ' +
  'into the blood, and carbon dioxide diffuses the other way, out of the blood into the alveoli, and is breathed out. The moist ' +
  'lining lets the gases dissolve before they diffuse. Together these features make gas exchange fast and efficient.';

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
      const input = {
        questionText: q.text,
        type: q.type,
        totalMarks: q.marks,
        markScheme: q.markScheme,
        answer,
        options: q.options,
        correctAnswer: q.correctAnswer,
        rules: bankSchemeRules(q),
      };
      timed(kind, () => markAnswer(input));
      // the bank's levels-marked questions, each of these answers marked again as an essay
      if (q.levels?.length) timed('levels essay', () => markAnswer({ ...input, type: 'essay', answer: `Essay: ${answer}` }));
    }
  }
  for (let k = 0; k < 20; k++) {
    timed('levels essay', () =>
      markAnswer({
        questionText: '<p>Explain how the lungs are adapted for efficient gas exchange.</p>',
        type: 'essay',
        totalMarks: 6,
        markScheme: ESSAY_POINTS,
        answer: essay(round * 100 + k),
        rules: { levels: ESSAY_LEVELS },
      }),
    );
  }
}

console.log(`\n${questions.length} bank questions x ${ROUNDS} rounds, one answer at a time (Node ${process.version})\n`);
for (const [kind, ms] of Object.entries(times)) summarise(kind, ms);
summarise('all', Object.values(times).flat());
console.log(
  `\nCPU time per answer (this process's own work, not time spent waiting for a core; load average ${os.loadavg()[0].toFixed(1)} on ${os.cpus().length} cores)\n`,
);
for (const [kind, ms] of Object.entries(cpu)) summarise(kind, ms);
summarise('all', Object.values(cpu).flat());
console.log(`\npeak RSS ${(process.memoryUsage().rss / 2 ** 20).toFixed(0)} MiB`);
