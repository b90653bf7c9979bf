import type { Page } from 'playwright-core';

/** A finger's target on a touch screen (apps/web/src/lib/theme.ts, docs/conventions.md). */
export const TOUCH_TARGET_PX = 44;

/**
 * What a finger can press on the page and is smaller than {@link TOUCH_TARGET_PX} either way,
 * named for a failure message. Left out, as the rule leaves them out: a link inside a sentence
 * (it is as tall as the text around it), what is off the screen or not drawn (the skip link
 * until it has focus), and MapLibre's attribution, which is not a control of ours.
 */
export function smallTouchTargets(page: Page): Promise<string[]> {
  return page.evaluate((minimum) => {
    const selector = [
      'a[href]',
      'button',
      'summary',
      'select',
      '[role="button"]',
      '[role="tab"]',
      '[role="link"]',
      '[role="menuitem"]',
      '[role="checkbox"]',
      '[role="radio"]',
      '[role="switch"]',
      '.MuiInputBase-root',
      '.MuiCheckbox-root',
      '.MuiRadio-root',
      '.MuiSwitch-root',
      '.MuiChip-clickable',
    ].join(',');
    /** A link whose block holds other words: part of a sentence. */
    const inSentence = (element: Element) => {
      if (element.tagName !== 'A' || getComputedStyle(element).display !== 'inline') return false;
      const block = element.parentElement;
      return Boolean(
        block && block.textContent!.trim().length > element.textContent!.trim().length,
      );
    };
    return Array.from(document.querySelectorAll(selector))
      .filter((element) => {
        const box = element.getBoundingClientRect();
        const style = getComputedStyle(element);
        if (box.width === 0 || box.height === 0 || style.visibility === 'hidden') return false;
        if (box.bottom <= 0 || box.right <= 0 || style.opacity === '0') return false;
        if (element.closest('.maplibregl-ctrl-attrib, [aria-hidden="true"]')) return false;
        if (inSentence(element)) return false;
        return box.width < minimum - 0.5 || box.height < minimum - 0.5;
      })
      .map((element) => {
        const box = element.getBoundingClientRect();
        const name =
          element.getAttribute('aria-label') ??
          element.textContent?.trim().slice(0, 24) ??
          element.className.toString().slice(0, 40);
        return `<${element.tagName.toLowerCase()}> ${name} ${Math.round(box.width)}×${Math.round(box.height)}`;
      });
  }, TOUCH_TARGET_PX);
}
