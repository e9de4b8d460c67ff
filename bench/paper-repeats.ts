/**
 * npm run bench:repeats — a student who practises one topic a day: 20 papers of 10 questions drawn in a row on one
 * topic (medium), per topic of every subject, as the app draws them (each paper knowing the course's earlier
 * questions, `seen`) and without that memory (the draw before issue 31). Prints per subject the topics' median and
 * worst repeats (questions met again, of 200) and the paper at which the first repeat came. Bank counts, not timings.
 */
import { loadBank } from '../src/server/engine/builtin/bank/bank';
import { drawPaper } from '../src/server/engine/builtin/bank/draw-paper';

const PAPERS = 20;
const COUNT = 10;

function session(subject: string, topic: string, remember: boolean) {
  const seen: string[] = [];
  let repeats = 0;
  let firstRepeat: number | null = null;
  for (let p = 0; p < PAPERS; p++) {
    const paper = drawPaper({ subject, topic, difficulty: 'medium', count: COUNT, seed: 1000 + p, ...(remember && { seen }) });
    for (const q of paper.questions) {
      if (seen.includes(q.sourceId)) {
        repeats++;
        firstRepeat ??= p + 1;
      } else seen.push(q.sourceId);
    }
  }
  return { repeats, firstRepeat, distinct: seen.length };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const bank = loadBank();
console.log(`${PAPERS} papers x ${COUNT} questions on one topic (medium), per topic; repeats of ${PAPERS * COUNT}`);
console.log(
  'subject       topics  questions/topic (median)  repeats now: median / worst   first repeat (median paper)   without memory: median / worst',
);
for (const subject of bank.subjects) {
  const now = subject.topics.map((t) => session(subject.name, t.topic, true));
  const before = subject.topics.map((t) => session(subject.name, t.topic, false));
  const sizes = subject.topics.map((t) => t.questions.length);
  console.log(
    [
      subject.name.padEnd(13),
      String(subject.topics.length).padStart(6),
      String(median(sizes)).padStart(25),
      `${median(now.map((r) => r.repeats))} / ${Math.max(...now.map((r) => r.repeats))}`.padStart(30),
      String(median(now.map((r) => r.firstRepeat ?? PAPERS + 1))).padStart(29),
      `${median(before.map((r) => r.repeats))} / ${Math.max(...before.map((r) => r.repeats))}`.padStart(33),
    ].join(' '),
  );
}
