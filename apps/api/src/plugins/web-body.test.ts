import { describe, expect, it } from 'vitest';
import type { RenderedPage } from './server-render.js';
import { applyBody } from './page-html.js';

const TEMPLATE =
  '<!doctype html><html><head><title>えきスポ</title></head><body><noscript>JavaScript を有効にしてください</noscript><div id="root"></div></body></html>';

const page: RenderedPage = {
  status: 200,
  html: '<main><h1>東京</h1></main>',
  styles: '<style data-emotion="css a1">.css-a1{color:green}</style>',
  tail: '<script type="application/json" id="server-state">{}</script><style data-emotion="css b2">.css-b2{}</style>',
  afterPaintId: 'after-paint',
  module: 'src/app/routes/station.tsx',
};

describe('a server-drawn page in the template', () => {
  const html = applyBody(TEMPLATE, page, {
    head: '<link rel="preload" as="image" href="/photo.webp">',
    afterPaint: '<link rel="modulepreload" href="/assets/start.js">',
  });
  const head = html.slice(0, html.indexOf('</head>'));
  const body = html.slice(html.indexOf('<body>'));

  it('puts its styles and its main picture in the head, and no code', () => {
    expect(head).toContain(page.styles);
    expect(head).toContain('<link rel="preload" as="image" href="/photo.webp">');
    expect(head).not.toContain('modulepreload');
  });

  it('holds the code for after the first paint in a template after the page and its data', () => {
    expect(body).toContain(
      `<div id="root">${page.html}</div>${page.tail}<template id="after-paint"><link rel="modulepreload" href="/assets/start.js"></template>`,
    );
    expect(body).not.toContain('<noscript>');
  });
});
