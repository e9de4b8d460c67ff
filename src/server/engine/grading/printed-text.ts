import { splitAnswerSheet } from './split-answer-sheet';

/**
 * Text printed on the paper is never a student's answer (issue 26): a photographed printed paper's transcript holds
 * the questions, their options, the headings and the footer beside the handwriting. A line is taken for print when
 * it is one of the printed lines (a multiple-choice option "A  3.0 m/s", "Question 2", "[3 marks]", "Page 1 of 2",
 * "Paper code MW-…", the paper's title), or when it is four or more of the printed question's words in its own order
 * (a line of the question as OCR read it).
 * A student's short answer ("D", "Answer: D", "2.4 m") is always kept, and so is any line that adds words of its own.
 */

const words = (text: string): string[] => text.toLowerCase().match(/[a-z0-9]+/g) ?? [];

/** Printed furniture of every paper: headings, mark labels, page footers, the paper code, the instructions. */
const FURNITURE = [
  /^(question|q)\s*\d{1,2}\b[.:)]?\s*(\[?\(?\d{1,2}\s*marks?\)?\]?)?$/i,
  /^\[?\(?\d{1,2}\s*marks?\)?\]?$/i,
  /^page\s+\d+\s+of\s+\d+$/i,
  /\bpaper\s+code\s+mw-[a-z0-9]{6}\b/i,
  /^answer all questions\b/i,
  /^a-level practice paper\b/i,
];

export interface PrintedQuestion {
  text: string;
  options?: Record<string, string> | null;
}

/** A printed text's words, each of which stands for one line of print only once. */
interface PrintedRun {
  words: string[];
  used: boolean[];
}

/**
 * Consumes a run of the printed words that the line's words are, in order, with at most `slack` extra printed words
 * inside it (OCR drops or splits a word now and then), among words no earlier line has taken; false when there is none.
 */
function takeRun(line: readonly string[], run: PrintedRun, slack = 2): boolean {
  const printed = run.words;
  for (let start = 0; start < printed.length; start++) {
    if (printed[start] !== line[0] || run.used[start]) continue;
    let j = 1;
    let k = start + 1;
    while (j < line.length && k < printed.length && k - start - j <= slack && !run.used[k]) {
      if (printed[k] === line[j]) j++;
      k++;
    }
    if (j === line.length) {
      for (let i = start; i < k; i++) run.used[i] = true;
      return true;
    }
  }
  return false;
}

/**
 * The lines of a printed paper's transcript that are the student's own. Print comes once: each printed line (an
 * option, the title) and each run of the question's words is left out the first time it is read, so a student who
 * writes out an option or the question's phrase under it keeps that line.
 */
export function withoutPrintedText(transcript: string, printed: readonly PrintedQuestion[], otherLines: readonly string[] = []): string {
  const printedLines = new Map<string, number>();
  const once = (line: string) => printedLines.set(line, (printedLines.get(line) ?? 0) + 1);
  for (const line of otherLines) once(words(line).join(' '));
  const runs: PrintedRun[] = [];
  for (const q of printed) {
    const text = words(q.text);
    runs.push({ words: text, used: text.map(() => false) });
    for (const [letter, option] of Object.entries(q.options ?? {})) once(words(`${letter} ${option}`).join(' '));
  }
  return transcript
    .split(/\r?\n/)
    .filter((line) => {
      const trimmed = line.trim();
      if (!trimmed) return true;
      if (FURNITURE.some((re) => re.test(trimmed))) return false;
      const own = words(trimmed);
      const key = own.join(' ');
      const left = printedLines.get(key) ?? 0;
      if (own.length >= 2 && left > 0) {
        printedLines.set(key, left - 1);
        return false;
      }
      // a line of the printed question as OCR read it: four or more of its words, in its order
      return own.length < 4 || !runs.some((run) => takeRun(own, run));
    })
    .join('\n');
}

/**
 * Each question's answer on a sheet: split by question number when there are several; on a printed paper of ours
 * (`printedPaper`: the lines it carries besides its questions, such as its title), the print is left out of every
 * part. A sheet without print (a student's own paper) is read as written. The one place both graders (built-in and
 * model fallback) read a transcript into answers.
 */
export function answerParts(
  transcript: string,
  questions: readonly (PrintedQuestion & { number: number })[],
  printedPaper: readonly string[] | null = null,
): Map<number, string> {
  const numbers = questions.map((q) => q.number);
  const parts = numbers.length > 1 ? splitAnswerSheet(transcript, numbers) : new Map([[numbers[0], transcript]]);
  const own = (part: string) => (printedPaper ? withoutPrintedText(part, questions, printedPaper) : part);
  return new Map(numbers.map((n) => [n, own(parts.get(n) ?? '').trim()]));
}
