import { findSubject, listTopics } from './bank/load-bank';

/** The bank's topics for a subject (its canonical name found as the generators find it); [] for one it lacks. */
export function topicsOf(subject: string): string[] {
  const canonical = findSubject(subject)?.name;
  return canonical ? listTopics(canonical) : [];
}
