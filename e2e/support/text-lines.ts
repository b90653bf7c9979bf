import type { Page } from 'playwright-core';

/**
 * Texts the page breaks one character per line (docs/testing.md#layout): a label squeezed
 * beside a long title (「非」「公」「開」 stacked), a count pushed into a column too narrow for
 * it, a search result as narrow as its input. For every text of two characters or more that is
 * drawn, the lines it takes are counted from its own boxes (`Range.getClientRects`, one box per
 * line it runs over); a text whose every character stands on a line of its own is named, with
 * the element that holds it. Left out: what is not drawn (hidden, or clipped to nothing, as a
 * screen-reader-only text is) and text of one character, which cannot break.
 */
export function oneCharacterPerLine(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    const range = document.createRange();
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const characters = Array.from(node.textContent ?? '').filter((c) => c.trim() !== '');
      if (characters.length < 2) continue;
      const holder = node.parentElement;
      if (!holder || holder.closest('script, style, noscript, template, .visually-hidden'))
        continue;
      range.selectNodeContents(node);
      const boxes = Array.from(range.getClientRects()).filter(
        (box) => box.width > 0 && box.height > 0,
      );
      if (boxes.length < 2) continue;
      // One line per distinct top (boxes of one line may be split by inline elements).
      const lines = new Set(boxes.map((box) => Math.round(box.top))).size;
      if (lines < characters.length) continue;
      const name = holder.getAttribute('data-testid') ?? holder.className.toString();
      found.push(
        `<${holder.tagName.toLowerCase()} ${name.slice(0, 50)}> 「${characters.join('')}」 in ${lines} lines`,
      );
    }
    return found;
  });
}
