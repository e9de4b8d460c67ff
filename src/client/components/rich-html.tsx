import { useEffect, useMemo, useState } from 'react';
import { cn } from '../lib/cn';
import { hasMaths, markPendingMaths } from '../lib/maths-markup';
import { sanitiseHtml } from '../lib/sanitise';

type Typeset = (html: string) => string;

/** KaTeX's renderer once its chunk has arrived (shared by every RichHtml on the page). */
let typeset: Typeset | null = null;
let typesetLoading: Promise<Typeset> | null = null;

function loadTypeset(): Promise<Typeset> {
  typesetLoading ??= import('../lib/rich-html').then(
    (module) => (typeset = module.renderRichHtml),
    (error: unknown) => {
      typesetLoading = null; // offline for a moment: the next render with maths asks again
      throw error;
    },
  );
  return typesetLoading;
}

/**
 * Renders server or model HTML safely: always sanitised (lib/sanitise.ts, or lib/rich-html.ts, which sanitises
 * last). Text without maths never loads KaTeX; text with maths shows at once with the maths as written, and is
 * typeset when KaTeX arrives (at once when it is already loaded).
 */
export function RichHtml({ html, className }: { html: string; className?: string }) {
  const maths = hasMaths(html);
  const [, setLoaded] = useState(false);
  useEffect(() => {
    if (!maths || typeset) return;
    let live = true;
    loadTypeset().then(
      () => live && setLoaded(true),
      () => {},
    );
    return () => {
      live = false;
    };
  }, [maths]);
  const render = maths ? typeset : null;
  const safe = useMemo(() => (render ? render(html) : sanitiseHtml(maths ? markPendingMaths(html) : html)), [html, maths, render]);
  return (
    <div
      className={cn('rich-html', className)}
      aria-busy={maths && !render ? true : undefined}
      dangerouslySetInnerHTML={{ __html: safe }}
    />
  );
}
