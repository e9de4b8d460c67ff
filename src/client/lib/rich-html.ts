import katex from 'katex';
import 'katex/contrib/mhchem';
import { sanitiseHtml } from './sanitise';

// \[ ... \] and $$ ... $$ are display maths; \( ... \) is inline.
const MATH = /\\\[([\s\S]+?)\\\]|\$\$([\s\S]+?)\$\$|\\\(([\s\S]+?)\\\)/g;

function decodeEntities(text: string): string {
  return text.replace(
    /&(lt|gt|amp|quot|#39|nbsp);/g,
    (_, e: string) => ({ lt: '<', gt: '>', amp: '&', quot: '"', '#39': "'", nbsp: ' ' })[e] ?? _,
  );
}

/**
 * Question text, feedback and tutor replies as safe HTML: maths rendered with KaTeX (chemistry with
 * \ce{...}), then everything sanitised — the sanitiser always runs last.
 */
export function renderRichHtml(html: string): string {
  const withMath = html.replace(MATH, (whole, display: string | undefined, dollars: string | undefined, inline: string | undefined) => {
    const tex = decodeEntities(display ?? dollars ?? inline ?? '');
    try {
      return katex.renderToString(tex, { displayMode: inline === undefined, throwOnError: true, output: 'htmlAndMathml' });
    } catch {
      return whole;
    }
  });
  return sanitiseHtml(withMath);
}
