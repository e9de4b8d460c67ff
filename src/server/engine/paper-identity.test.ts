import { describe, expect, it } from 'vitest';
import { stampPaperIdentity } from './paper-identity';

describe('stampPaperIdentity', () => {
  const html =
    '<!doctype html><html><head><title>Paper</title></head><body class="x"><h1>Paper</h1><p>Last line of the page.</p></body></html>';
  const stamped = stampPaperIdentity(html, 'MW-ABC123');

  it('puts the code and its QR code first, and the whole paper inside a frame whose repeated footer keeps the stamp free in print', () => {
    const body = stamped.slice(stamped.indexOf('<body'));
    const order = [
      'class="paper-identity"',
      '<table class="paper-frame"',
      '<tfoot>',
      'paper-identity-spacer',
      '<tbody>',
      '<h1>Paper</h1>',
      'Last line of the page.',
      '</tbody></table>',
      '</body>',
    ].map((s) => body.indexOf(s));
    expect(order.every((i) => i >= 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    expect(stamped).toContain('<svg');
    expect(stamped).toMatch(/@media print \{[^}]*\.paper-identity \{ position: fixed; bottom: 0/);
    // The spacer, as tall as the stamp, is shown only in print: on screen the frame's footer is hidden.
    expect(stamped).toMatch(/table\.paper-frame > tfoot \{ display: none; \}/);
    expect(stamped).toMatch(
      /@media print \{[\s\S]*table\.paper-frame > tfoot \{ display: table-footer-group; \}[\s\S]*\.paper-identity-spacer \{ height: 24mm; \}/,
    );
    expect(stamped.match(/paper-identity-spacer"/g)).toHaveLength(1);
  });
});
