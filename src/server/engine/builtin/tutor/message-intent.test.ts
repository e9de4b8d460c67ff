import { describe, expect, it } from 'vitest';
import { classifyMessage, type MessageIntent } from './message-intent';

describe('classifyMessage', () => {
  const cases: [string, MessageIntent][] = [
    ['Thanks!', 'thanks'],
    ['thank you so much', 'thanks'],
    ['cheers', 'thanks'],
    ['just tell me', 'answer-request'],
    ['Can you just give me the answer?', 'answer-request'],
    ['show the answer', 'answer-request'],
    ["what's the correct answer", 'answer-request'],
    ['I give up', 'answer-request'],
    ['What does the mark scheme want?', 'mark-scheme'],
    ['what is the examiner looking for?', 'mark-scheme'],
    ['what do I need to include?', 'mark-scheme'],
    ['How many marks is this worth?', 'marks'],
    ['how many marks', 'marks'],
    ['hello', 'greeting'],
    ['ok', 'ack'],
    ['yes.', 'ack'],
    ['hint', 'help'],
    ["I don't understand", 'help'],
    ['where do I start?', 'help'],
    ['idk', 'help'],
    ['the active site is complementary to the substrate', 'attempt'],
    ['v = 15.3 m/s', 'attempt'],
    ['is it B?', 'attempt'],
  ];
  it.each(cases)('%s → %s', (message, intent) => {
    expect(classifyMessage(message)).toBe(intent);
  });

  it('does not take a statement that mentions thanks or help for a closing or a request', () => {
    expect(classifyMessage('thanks to hydrogen bonding the boiling point of water is 100 degrees')).toBe('attempt');
    expect(classifyMessage('hello, is it 15.3 m/s?')).toBe('attempt');
  });
});
