import { useMemo } from 'react';
import 'katex/dist/katex.min.css';
import { cn } from '../lib/cn';
import { renderRichHtml } from '../lib/rich-html';

/** Renders server or model HTML safely: sanitised, with KaTeX maths. */
export function RichHtml({ html, className }: { html: string; className?: string }) {
  const safe = useMemo(() => renderRichHtml(html), [html]);
  return <div className={cn('rich-html', className)} dangerouslySetInnerHTML={{ __html: safe }} />;
}
