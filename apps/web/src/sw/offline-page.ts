/**
 * The offline page (`/offline.html`), written by the build and cached with the app shell: what a
 * page load answers when neither the network nor the cached shell can (docs/pwa.md#offline). It
 * copies the app's layout — the green header with えきスポ, the content column, 再試行 — in plain
 * HTML and CSS, since it must draw without the app's code; 再試行 is a link to the page's own
 * address (it is served at the address asked for), as the CSP allows no inline script.
 */
export interface OfflinePageText {
  appName: string;
  title: string;
  body: string;
  retry: string;
  home: string;
}

export interface OfflinePageColors {
  primary: string;
  background: string;
  onColor: string;
}

const escape = (value: string) =>
  value.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

export function renderOfflinePage(text: OfflinePageText, colors: OfflinePageColors): string {
  return `<!doctype html>
<html lang="ja">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="theme-color" content="${colors.primary}">
<title>${escape(text.title)} | ${escape(text.appName)}</title>
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<style>
*{box-sizing:border-box}
body{margin:0;font-family:system-ui,-apple-system,"Hiragino Sans","Noto Sans CJK JP","Noto Sans JP",sans-serif;background:${colors.background};color:rgba(0,0,0,.87);line-height:1.6}
header{background:${colors.primary};color:${colors.onColor};height:56px;display:flex;align-items:center;padding:0 16px;box-shadow:0 2px 4px rgba(0,0,0,.2)}
header a{color:inherit;text-decoration:none;font-weight:700;font-size:1.25rem;min-height:44px;display:flex;align-items:center}
main{max-width:600px;margin:0 auto;padding:40px 16px;text-align:center}
h1{font-size:1.5rem;margin:16px 0 8px}
p{color:rgba(0,0,0,.6);margin:0 0 24px;overflow-wrap:anywhere;word-break:auto-phrase;text-wrap:pretty}
.actions{display:flex;flex-wrap:wrap;gap:12px;justify-content:center}
a.retry,.home{font:inherit;font-weight:500;min-height:44px;min-width:44px;padding:8px 22px;border-radius:4px;cursor:pointer}
a.retry{text-decoration:none;display:inline-flex;align-items:center;background:${colors.primary};color:${colors.onColor};border:0}
.home{color:${colors.primary};border:1px solid ${colors.primary};text-decoration:none;display:inline-flex;align-items:center}
svg{width:48px;height:48px;fill:rgba(0,0,0,.26)}
</style>
</head>
<body>
<header><a href="/">${escape(text.appName)}</a></header>
<main data-testid="offline-page">
<svg viewBox="0 0 24 24" aria-hidden="true"><path d="M19.35 10.04C18.67 6.59 15.64 4 12 4c-1.48 0-2.85.43-4.01 1.17l1.46 1.46C10.21 6.23 11.08 6 12 6c3.04 0 5.5 2.46 5.5 5.5v.5H19c1.66 0 3 1.34 3 3 0 1.13-.64 2.11-1.56 2.62l1.45 1.45C23.16 18.16 24 16.68 24 15c0-2.64-2.05-4.78-4.65-4.96M3 5.27l2.75 2.74C2.56 8.15 0 10.77 0 14c0 3.31 2.69 6 6 6h11.73l2 2L21 20.73 4.27 4zM7.73 10l8 8H6c-2.21 0-4-1.79-4-4s1.79-4 4-4z"/></svg>
<h1>${escape(text.title)}</h1>
<p>${escape(text.body)}</p>
<div class="actions">
<a class="retry" href="">${escape(text.retry)}</a>
<a class="home" href="/">${escape(text.home)}</a>
</div>
</main>
</body>
</html>
`;
}
