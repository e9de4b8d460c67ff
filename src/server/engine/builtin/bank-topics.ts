import type { TopicMatch } from '../../../shared/topics';
import { editDistance } from '../text/edit-distance';
import { findSubject, findTopic, listSubjects, listTopics, loadBank, type BankSubject } from './bank/bank';
import { normaliseText } from './bank/match-text';

/** The bank's topics for a subject (its canonical name found as the generators find it); [] for one it lacks. */
export function topicsOf(subject: string): string[] {
  const canonical = findSubject(subject)?.name;
  return canonical ? listTopics(canonical) : [];
}

/** The subjects of the built-in bank: those that work offline. */
export function offlineSubjects(): string[] {
  return listSubjects();
}

function joinNames(names: string[]): string {
  return names.length > 1 ? `${names.slice(0, -1).join(', ')} and ${names.at(-1)}` : names.join('');
}

/** In a student's words: which subjects work without an AI provider, and what other subjects need. */
export function unsupportedSubjectMessage(subject: string): string {
  const asked = subject.length > 40 ? `${subject.slice(0, 40)}…` : subject;
  return `"${asked}" is not in the offline question bank yet. Markwell can write ${joinNames(listSubjects())} questions by itself; other subjects need your school to connect an AI provider, or a paper from your own notes (PDF Documents).`;
}

/** A topic that matches none of the subject's, kept under 300 characters: the topics that fit, then how many more. */
export function unknownTopicMessage(subject: string, topic: string): string {
  const asked = topic.length > 40 ? `${topic.slice(0, 40)}…` : topic;
  const topics = listTopics(subject);
  let shown = topics.length;
  const say = (n: number) =>
    `No questions on '${asked}' yet. Topics available: ${topics.slice(0, n).join(', ')}${n < topics.length ? ` and ${topics.length - n} more` : ''}.`;
  while (shown > 1 && say(shown).length > 290) shown--;
  return say(shown);
}

const vocabularies = new WeakMap<BankSubject, Map<string, number>>();

/** Every word of a subject's topic names, descriptions, questions, schemes and model answers, with how often it occurs. */
function vocabularyOf(subject: BankSubject): Map<string, number> {
  let words = vocabularies.get(subject);
  if (!words) {
    words = new Map();
    for (const topic of subject.topics) {
      const texts = [topic.topic, topic.description];
      for (const q of topic.questions) texts.push(q.text, q.modelAnswer ?? '', ...q.markScheme.map((p) => p.text));
      for (const w of normaliseText(texts.join(' ').replace(/\{\{[^}]*\}\}/g, ' ')).split(' ')) {
        if (w.length >= 3 && !/\d/.test(w)) words.set(w, (words.get(w) ?? 0) + 1);
      }
    }
    vocabularies.set(subject, words);
  }
  return words;
}

/** A word the subject never uses, spelt as the nearest word it does use (one or two letters apart), or null. */
function correctWord(word: string, vocabulary: Map<string, number>): string | null {
  if (word.length < 4 || /\d/.test(word) || vocabulary.has(word)) return null;
  const limit = word.length >= 7 ? 2 : 1;
  let best: { word: string; distance: number; uses: number } | null = null;
  for (const [candidate, uses] of vocabulary) {
    if (Math.abs(candidate.length - word.length) > limit) continue;
    const distance = editDistance(word, candidate, limit);
    if (distance > limit) continue;
    if (!best || distance < best.distance || (distance === best.distance && uses > best.uses)) best = { word: candidate, distance, uses };
  }
  return best?.word ?? null;
}

/** The typed topic with its misspelt words corrected from the subject's own words, or null when nothing changed. */
function correctSpelling(text: string, subject: BankSubject): string | null {
  // Only a name-like topic is respelt (a few words of letters), never code, maths or a pasted passage.
  if (!/^[A-Za-z][A-Za-z' ,&-]*$/.test(text.trim()) || text.trim().split(/\s+/).length > 6) return null;
  const vocabulary = vocabularyOf(subject);
  let changed = false;
  const corrected = text.trim().replace(/[A-Za-z]+/g, (word) => {
    const fixed = correctWord(word.toLowerCase(), vocabulary);
    if (!fixed) return word;
    changed = true;
    return word[0] === word[0].toUpperCase() ? fixed[0].toUpperCase() + fixed.slice(1) : fixed;
  });
  if (!changed) return null;
  return corrected[0].toUpperCase() + corrected.slice(1);
}

/**
 * What a typed topic will be taken as, before anything is generated (issue 27): one of the subject's topics as named
 * (exact), a topic of another name that the paper will be on (near: a misspelling is corrected and suggested, a part
 * of a topic is named with the topic it belongs to), or nothing close (unknown: the generators refuse it).
 */
export function matchTopic(subjectText: string, text: string): TopicMatch {
  const subject = findSubject(subjectText, loadBank());
  const typed = text.trim();
  if (!subject) return { status: 'unknown', topic: null, suggestion: null, message: unsupportedSubjectMessage(subjectText.trim()) };
  const named = subject.topics.find((t) => t.topic.toLowerCase() === typed.toLowerCase());
  if (named) return { status: 'exact', topic: named.topic, suggestion: null, message: null };
  const suggestion = correctSpelling(typed, subject);
  const topic = findTopic(subject.name, suggestion ?? typed) ?? (suggestion ? findTopic(subject.name, typed) : null);
  if (!topic) {
    return { status: 'unknown', topic: null, suggestion: null, message: unknownTopicMessage(subject.name, typed) };
  }
  return { status: 'near', topic: topic.topic, suggestion, message: null };
}
