import { describe, expect, it } from 'vitest';
import { stripNulBytes } from './strip-nul-bytes';

describe('stripNulBytes', () => {
  it('drops U+0000 from strings at any depth, in arrays and keys, and keeps the rest', () => {
    const body = { text: 'a\0b', nested: { list: ['\0x', 1, true, null, { deep: 'y\0\0z' }] }, 'k\0ey': 'v' };
    expect(stripNulBytes(body)).toEqual({ text: 'ab', nested: { list: ['x', 1, true, null, { deep: 'yz' }] }, key: 'v' });
    expect(stripNulBytes('\0only\0')).toBe('only');
    expect(stripNulBytes(42)).toBe(42);
  });

  it('turns lone surrogates (which jsonb refuses) into U+FFFD, keeps whole pairs (also one split only by a NUL)', () => {
    const body = { reason: 'a\ud800b', list: ['\udfff', '😀 ok'], 'k\udc00': 'v', pair: '\ud83d\0\ude00' };
    expect(stripNulBytes(body)).toEqual({ reason: 'a\ufffdb', list: ['\ufffd', '😀 ok'], 'k\ufffd': 'v', pair: '😀' });
    expect(stripNulBytes('\ud800')).toBe('\ufffd');
  });

  it('walks 100,000 levels of nesting without overflowing the stack', () => {
    let deep: unknown = 'bottom\0';
    for (let i = 0; i < 100_000; i++) deep = [deep];
    let node = stripNulBytes(deep);
    for (let i = 0; i < 100_000; i++) node = (node as unknown[])[0];
    expect(node).toBe('bottom');
  });
});
