import type { MarkPoint, PointStatus } from '../../../../shared/mark-scheme';
import { chooseOptions } from '../../text/choose-option';
import { htmlToText } from '../../text/html-to-text';

/**
 * A multiple-response question (correctAnswer "A,C"; one point per right option, its letter first in
 * `accept`): each right option chosen earns its point, and each wrong option chosen cancels one earned
 * point, as Moodle's negative weights do, so choosing every option earns nothing.
 */
export function markMultipleResponse(
  points: MarkPoint[],
  input: { answer: string; correctAnswer: string; options?: Record<string, string> },
): { status: PointStatus; justification: string }[] {
  const right = input.correctAnswer.split(',').map((l) => l.trim().toUpperCase());
  const chosen = chooseOptions(input.answer, input.options);
  const wrong = chosen.filter((l) => !right.includes(l));
  const label = (l: string) => (input.options?.[l] ? `${l} (${htmlToText(input.options[l])})` : l);
  let toCancel = wrong.length;
  const outcomes = points.map((p) => {
    const letter = (p.accept[0] ?? '').toUpperCase();
    return { letter, chosen: chosen.includes(letter) };
  });
  return outcomes.map(({ letter, chosen: picked }) => {
    if (!picked) {
      return {
        status: 'NOT_COVERED' as const,
        justification: chosen.length
          ? `Option ${label(letter)} is also right, and your answer did not choose it.`
          : 'Your answer did not choose any of the options.',
      };
    }
    if (toCancel > 0) {
      toCancel--;
      return {
        status: 'NOT_COVERED' as const,
        justification: `You chose ${label(letter)}, which is right, but also ${wrong.map(label).join(' and ')}, which ${wrong.length === 1 ? 'is' : 'are'} wrong: each wrong choice cancels a right one.`,
      };
    }
    return { status: 'COVERED' as const, justification: `You chose ${label(letter)}, which is right.` };
  });
}
