// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { isJoinPath, rememberJoinPath, takeJoinPath } from './pending-join';

afterEach(() => sessionStorage.clear());

describe('pending join link', () => {
  it('keeps a /join/CODE path once, and nothing else', () => {
    expect(isJoinPath('/join/ABC2345')).toBe(true);
    expect(isJoinPath('/join/')).toBe(false);
    expect(isJoinPath('/join/ABC/x')).toBe(false);
    rememberJoinPath('/classes');
    expect(takeJoinPath()).toBeNull();
    rememberJoinPath('/join/ABC2345');
    expect(takeJoinPath()).toBe('/join/ABC2345');
    expect(takeJoinPath()).toBeNull();
  });

  it('ignores a stored value that is not a join path', () => {
    sessionStorage.setItem('markwell.pendingJoin', 'https://evil.example/join/x');
    expect(takeJoinPath()).toBeNull();
  });
});
