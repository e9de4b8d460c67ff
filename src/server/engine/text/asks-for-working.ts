/**
 * The question asks for the working itself ("show that", "show your working", "use calculus", "use the substitution
 * u = x²", "use integration by parts", "solutions relying entirely on calculator technology are not acceptable"), so a correct final value alone does not show the method:
 * both markers then give method marks only for the working shown. Reads plain text.
 */
export function asksForWorking(questionText: string): boolean {
  return /\b(show that|show (?:all )?(?:of )?(?:your|the|full) (?:working|method|calculations?)|showing your working|you must show|show clearly|prove that|hence|verify that|calculator technology|(?:use|using) (?:calculus|logarithms|algebra|differentiation|integration|the quadratic formula|the substitution|integration by parts))\b/i.test(
    questionText,
  );
}
