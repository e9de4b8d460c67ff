import { getDocumentProxy } from 'unpdf';

/**
 * Each page's lines of text, top to bottom, read back from a PDF (tests of the papers we print): items whose
 * baselines are within 3 pt make one line (a bold heading and its marks differ by a point or so); `y` is the
 * line's distance from the page's foot in PDF points.
 */
export async function pdfPageLines(pdf: Uint8Array): Promise<{ y: number; text: string }[][]> {
  const doc = await getDocumentProxy(new Uint8Array(pdf));
  const pages: { y: number; text: string }[][] = [];
  for (let n = 1; n <= doc.numPages; n++) {
    const content = await (await doc.getPage(n)).getTextContent();
    const items = content.items
      .flatMap((item) =>
        'str' in item && item.str.trim() ? [{ y: item.transform[5] as number, x: item.transform[4] as number, str: item.str }] : [],
      )
      .sort((a, b) => b.y - a.y || a.x - b.x);
    const lines: { y: number; text: string }[] = [];
    for (const item of items) {
      const line = lines.at(-1);
      if (line && line.y - item.y <= 3) line.text += ` ${item.str}`;
      else lines.push({ y: item.y, text: item.str });
    }
    pages.push(lines);
  }
  return pages;
}
