import { Fragment, type ReactNode } from 'react';
import { MATH } from './maths-markup';

// Mark schemes are stored with powers written with a caret ("4.5 × 10^-7 m", "m s^-1", "e^(0.3x)"); the marker reads
// them so. The student is shown real superscripts: this module rewrites the text as it is rendered, never as stored.

/**
 * A caret right after what it raises (a letter, digit, closing bracket or degree sign: "10^-7", "s^-1", "(x + 1)^2"),
 * then the power: a bracketed one ("^(0.3x)", "^{-1}"), or a signed whole or decimal number, or one letter ("e^x").
 * A caret with a space before it ("0.44 ^ 2", a formula) is left as written.
 */
const POWER = /(?<=[\p{L}\p{N})\]}°])\^(?:\(([^()<>]{1,40})\)|\{([^{}<>]{1,40})\}|([-−+]?(?:\d+(?:\.\d+)?|\p{L})))/gu;

const SUPERSCRIPT: Record<string, string> = {
  '0': '⁰',
  '1': '¹',
  '2': '²',
  '3': '³',
  '4': '⁴',
  '5': '⁵',
  '6': '⁶',
  '7': '⁷',
  '8': '⁸',
  '9': '⁹',
  '-': '⁻',
  '−': '⁻',
  '+': '⁺',
  n: 'ⁿ',
};

/** The power in Unicode superscript characters ("-7" → "⁻⁷"), or null when a character has none that every font draws. */
export function superscriptOf(power: string): string | null {
  let out = '';
  for (const ch of power) {
    const sup = SUPERSCRIPT[ch];
    if (sup === undefined) return null;
    out += sup;
  }
  return out.length > 0 ? out : null;
}

export type PowerPart = { text: string; power?: false } | { text: string; power: true };

/** The text cut into plain runs and powers (each power without its caret and brackets). */
export function powerParts(text: string): PowerPart[] {
  const parts: PowerPart[] = [];
  let last = 0;
  POWER.lastIndex = 0;
  for (let m = POWER.exec(text); m; m = POWER.exec(text)) {
    const power = (m[1] ?? m[2] ?? m[3] ?? '').trim();
    if (!power) continue;
    if (m.index > last) parts.push({ text: text.slice(last, m.index) });
    parts.push({ text: power, power: true });
    last = m.index + m[0].length;
  }
  if (last < text.length) parts.push({ text: text.slice(last) });
  return parts;
}

/**
 * Plain text (a scheme point, a justification, a note) with its powers raised: Unicode superscripts where they have
 * them ("10⁻⁷", "m s⁻¹"), otherwise a <sup> element. React escapes the text: no HTML is made.
 */
export function WithPowers({ text }: { text: string }): ReactNode {
  const parts = powerParts(text);
  if (!parts.some((p) => p.power)) return text;
  return parts.map((p, i) => (p.power ? (superscriptOf(p.text) ?? <sup key={i}>{p.text}</sup>) : <Fragment key={i}>{p.text}</Fragment>));
}

/**
 * HTML (the marker's qualitative feedback) with the powers of its text raised, as WithPowers does; the tags, their
 * attributes and any maths (\( … \), \[ … \], $$ … $$, which KaTeX typesets itself) are left alone. The result is
 * still to be sanitised: pass it to <RichHtml>, which always does.
 */
export function powersInHtml(html: string): string {
  if (!html.includes('^')) return html;
  // maths and tags are kept whole; only the text between them is rewritten
  const KEEP = new RegExp(`${MATH.source}|<[^>]*>`, 'g');
  let out = '';
  let last = 0;
  for (let m = KEEP.exec(html); m; m = KEEP.exec(html)) {
    out += textPowersAsHtml(html.slice(last, m.index)) + m[0];
    last = m.index + m[0].length;
  }
  return out + textPowersAsHtml(html.slice(last));
}

function textPowersAsHtml(text: string): string {
  return powerParts(text)
    .map((p) => (p.power ? (superscriptOf(p.text) ?? `<sup>${p.text}</sup>`) : p.text))
    .join('');
}
