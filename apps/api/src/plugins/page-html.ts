import { jsonForScript } from '@ekispot/shared';
import type { PageHead } from '../lib/page-head.js';
import type { RenderedPage } from './server-render.js';

// Writing a page's HTML from the built template: its head (title, description, preview tags,
// structured data) and its server-drawn body (plugins/web.ts serves them).

/** Replaces the template's title and description and adds the preview tags. */
export function applyHead(html: string, head: PageHead): string {
  const meta = (attribute: 'name' | 'property', key: string, value: string | number) =>
    `<meta ${attribute}="${key}" content="${escapeAttribute(String(value))}">`;
  const tags = [
    meta('name', 'description', head.description),
    `<link rel="canonical" href="${escapeAttribute(head.url)}">`,
    meta('property', 'og:site_name', 'えきスポ'),
    meta('property', 'og:locale', 'ja_JP'),
    meta('property', 'og:type', head.type),
    meta('property', 'og:title', head.title),
    meta('property', 'og:description', head.description),
    meta('property', 'og:url', head.url),
    meta('name', 'twitter:card', head.image ? 'summary_large_image' : 'summary'),
    meta('name', 'twitter:title', head.title),
    meta('name', 'twitter:description', head.description),
  ];
  if (head.image) {
    tags.push(
      meta('property', 'og:image', head.image.url),
      meta('property', 'og:image:alt', head.image.alt),
      meta('name', 'twitter:image', head.image.url),
      meta('name', 'twitter:image:alt', head.image.alt),
    );
    if (head.image.width && head.image.height) {
      tags.push(
        meta('property', 'og:image:width', head.image.width),
        meta('property', 'og:image:height', head.image.height),
      );
    }
  }
  for (const data of head.structuredData ?? []) {
    tags.push(`<script type="application/ld+json">${jsonForScript(data)}</script>`);
  }
  return html
    .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeAttribute(head.title)}</title>`)
    .replace(/<meta\s[^>]*name="description"[^>]*>/s, '')
    .replace('</head>', () => `${tags.join('')}</head>`);
}

/**
 * Writes a server-rendered page into the template: its styles (and its main picture's preload)
 * in the head; its markup, its data, and the preloads of its code and first calls in the body,
 * held in a template that the browser's entry releases once the page is painted
 * (docs/architecture.md#server-rendering).
 */
export function applyBody(
  html: string,
  body: RenderedPage,
  preloads: { head: string; afterPaint: string },
): string {
  const held = `<template id="${body.afterPaintId}">${preloads.afterPaint}</template>`;
  return (
    html
      .replace('</head>', () => `${preloads.head}${body.styles}</head>`)
      // The page reads without script: no notice that it needs it.
      .replace(/<noscript>.*?<\/noscript>/s, '')
      .replace(
        '<div id="root"></div>',
        () => `<div id="root">${body.html}</div>${body.tail}${held}`,
      )
  );
}

export function escapeAttribute(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('"', '&quot;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;');
}
