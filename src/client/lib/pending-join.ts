/**
 * A class's join link (/join/CODE) opened while logged out: the path is kept for this tab, so that after
 * logging in or signing up the student lands on the join, not on the home page.
 */
const KEY = 'markwell.pendingJoin';
const JOIN_PATH = /^\/join\/[^/]+$/;

export function isJoinPath(path: string): boolean {
  return JOIN_PATH.test(path);
}

export function rememberJoinPath(path: string): void {
  if (!isJoinPath(path)) return;
  try {
    sessionStorage.setItem(KEY, path);
  } catch {}
}

/** The remembered join path, once: it is forgotten as it is read. */
export function takeJoinPath(): string | null {
  try {
    const path = sessionStorage.getItem(KEY);
    sessionStorage.removeItem(KEY);
    return path && isJoinPath(path) ? path : null;
  } catch {
    return null;
  }
}
