import { beforeAll, describe, expect, it } from 'vitest';
import { warmUpMarker } from '../../marker/mark-answer';
import { builtinTutorReply } from '../tutor-reply';
import { loadTutorQualitySet, runConversation } from './run-tutor-quality';

const set = loadTutorQualitySet();

beforeAll(() => warmUpMarker(), 180_000);

describe('the tutor quality set', () => {
  it('has at least 80 conversations over all four subjects and every kind of turn', () => {
    expect(set.conversations.length).toBeGreaterThanOrEqual(80);
    const subjects = new Set(set.conversations.map((c) => c.question.split('-')[0]));
    expect([...subjects].sort()).toEqual(['biology', 'chemistry', 'mathematics', 'physics']);
    const kinds = new Set(set.conversations.map((c) => c.kind));
    for (const kind of [
      'wrong-option',
      'right-option',
      'partial',
      'student-question',
      'final-value',
      'just-tell-me',
      'off-topic',
      'prompt-injection',
      'direction-question',
      'misconception',
      'term-question',
      'why-marked',
      'hint-ladder',
      'on-topic',
      'natural-prompt',
    ])
      expect(kinds, kind).toContain(kind);
    expect(new Set(set.conversations.map((c) => c.id)).size).toBe(set.conversations.length);
  });

  it('the built-in tutor says what a good tutor must, and nothing it must not, in every conversation', { timeout: 120_000 }, async () => {
    const failures: string[] = [];
    for (const conversation of set.conversations) {
      const result = await runConversation(conversation, set, builtinTutorReply);
      failures.push(...result.failures.map((f) => `${conversation.id}: ${f}`));
    }
    expect(failures).toEqual([]);
  });
});
