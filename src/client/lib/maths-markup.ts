// Where maths is in a question, feedback or tutor reply, without KaTeX: the screens render the text at once
// and fetch KaTeX (lib/rich-html.ts, a lazy chunk) only when there is maths to typeset.

/** \[ ... \] and $$ ... $$ are display maths; \( ... \) is inline. */
export const MATH = /\\\[([\s\S]+?)\\\]|\$\$([\s\S]+?)\$\$|\\\(([\s\S]+?)\\\)/g;

export function hasMaths(html: string): boolean {
  MATH.lastIndex = 0;
  const found = MATH.test(html);
  MATH.lastIndex = 0;
  return found;
}

/**
 * The maths as written, each piece marked while KaTeX loads: display maths already on its own line with
 * KaTeX's display margins (styles.css), so typesetting moves little. The caller sanitises the result.
 */
export function markPendingMaths(html: string): string {
  return html.replace(MATH, (whole: string, display: string | undefined, dollars: string | undefined) =>
    display !== undefined || dollars !== undefined
      ? `<span class="maths-pending maths-pending-display">${whole}</span>`
      : `<span class="maths-pending">${whole}</span>`,
  );
}
