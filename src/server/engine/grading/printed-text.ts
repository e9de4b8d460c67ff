import { splitAnswerSheet } from './split-answer-sheet';

/**
 * Text printed on the paper is never a student's answer (issue 26): a photographed printed paper's transcript holds
 * the questions, their options, the headings and the footer beside the handwriting. A line is taken for print when
 * it is one of the printed lines (a multiple-choice option "A  3.0 m/s", "Question 2", "[3 marks]", "Page 1 of 2",
 * "Paper code MW-…", the paper's title), or when it is three or more words nearly all of which are the printed question's own words.
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

/** The lines of a transcript that are the student's own, with the printed ones left out. */
export function withoutPrintedText(transcript: string, printed: readonly PrintedQuestion[], otherLines: readonly string[] = []): string {
  const printedLines = new Set<string>(otherLines.map((line) => words(line).join(' ')));
  const printedWords = new Set<string>();
  for (const q of printed) {
    for (const w of words(q.text)) printedWords.add(w);
    for (const [letter, option] of Object.entries(q.options ?? {})) {
      printedLines.add(words(`${letter} ${option}`).join(' '));
      for (const w of words(option)) printedWords.add(w);
    }
  }
  return transcript
    .split(/\r?\n/)
    .filter((line) => {
      const trimmed = line.trim();
      if (!trimmed) return true;
      if (FURNITURE.some((re) => re.test(trimmed))) return false;
      const own = words(trimmed);
      if (own.length >= 2 && printedLines.has(own.join(' '))) return false;
      if (own.length < 3) return true;
      const inPrint = own.filter((w) => printedWords.has(w)).length;
      return inPrint / own.length < 0.85;
    })
    .join('\n');
}

/**
 * Each question's answer on a sheet: split by question number when there are several, with the printed text of
 * the paper's questions left out of every part. The one place both graders (built-in and model fallback) read
 * a transcript into answers.
 */
export function answerParts(
  transcript: string,
  questions: readonly (PrintedQuestion & { number: number })[],
  otherLines: readonly string[] = [],
): Map<number, string> {
  const numbers = questions.map((q) => q.number);
  const parts = numbers.length > 1 ? splitAnswerSheet(transcript, numbers) : new Map([[numbers[0], transcript]]);
  return new Map(numbers.map((n) => [n, withoutPrintedText(parts.get(n) ?? '', questions, otherLines).trim()]));
}
