import katex from 'katex';
import 'katex/contrib/mhchem';
import 'katex/dist/katex.min.css';
import { MATH } from './maths-markup';
import { sanitiseHtml } from './sanitise';

// KaTeX (about 80 KB gzipped with its styles) is a lazy chunk: components/rich-html.tsx imports this module
// only for text that has maths in it (lib/maths-markup.ts finds it).

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
