import { describe, expect, it } from 'vitest';
import { autoLink, toSafeHref, trimUrlEnd } from './auto-link';

describe('autoLink', () => {
  it('returns plain text untouched', () => {
    expect(autoLink('駅前の桜がきれいでした')).toEqual([
      { kind: 'text', text: '駅前の桜がきれいでした' },
    ]);
    expect(autoLink('')).toEqual([]);
  });

  it('links http and https addresses between text', () => {
    expect(autoLink('詳しくは https://example.jp/a?b=1#c を見てね')).toEqual([
      { kind: 'text', text: '詳しくは ' },
      { kind: 'link', text: 'https://example.jp/a?b=1#c', href: 'https://example.jp/a?b=1#c' },
      { kind: 'text', text: ' を見てね' },
    ]);
    expect(autoLink('http://example.com')).toEqual([
      { kind: 'link', text: 'http://example.com', href: 'http://example.com/' },
    ]);
  });

  it('stops at Japanese text written straight after the address', () => {
    expect(autoLink('https://example.jp/eventです。')).toEqual([
      { kind: 'link', text: 'https://example.jp/event', href: 'https://example.jp/event' },
      { kind: 'text', text: 'です。' },
    ]);
  });

  it('leaves trailing sentence punctuation outside the link', () => {
    const segments = autoLink('見て: https://example.jp/page. 次は (https://example.jp/x), 以上!');
    expect(segments.filter((s) => s.kind === 'link').map((s) => s.text)).toEqual([
      'https://example.jp/page',
      'https://example.jp/x',
    ]);
    expect(segments.map((s) => s.text).join('')).toBe(
      '見て: https://example.jp/page. 次は (https://example.jp/x), 以上!',
    );
  });

  it('keeps brackets that the address opened itself', () => {
    expect(autoLink('https://ja.wikipedia.org/wiki/駅_(交通)')).toEqual([
      // The Japanese part is not ASCII, so the link ends before it.
      {
        kind: 'link',
        text: 'https://ja.wikipedia.org/wiki/',
        href: 'https://ja.wikipedia.org/wiki/',
      },
      { kind: 'text', text: '駅_(交通)' },
    ]);
    expect(autoLink('https://en.wikipedia.org/wiki/Tokyo_(disambiguation)')[0]).toMatchObject({
      kind: 'link',
      text: 'https://en.wikipedia.org/wiki/Tokyo_(disambiguation)',
    });
  });

  it('never links other schemes', () => {
    for (const text of [
      'javascript:alert(1)',
      'JavaScript:alert(document.cookie)',
      'data:text/html,<script>alert(1)</script>',
      'vbscript:msgbox(1)',
      'ftp://example.jp/file',
      'mailto:eki@example.jp',
    ]) {
      expect(autoLink(text).every((segment) => segment.kind === 'text')).toBe(true);
    }
  });

  it('only links the http part of a disguised address, with an http href', () => {
    const segments = autoLink('javascript:alert(1)//https://example.jp');
    const links = segments.filter((s) => s.kind === 'link');
    expect(links).toEqual([
      { kind: 'link', text: 'https://example.jp', href: 'https://example.jp/' },
    ]);
  });

  it('does not link a scheme with no host, and keeps markup as text', () => {
    expect(autoLink('https:// だけ')).toEqual([{ kind: 'text', text: 'https:// だけ' }]);
    expect(autoLink('<a href="https://x.jp">x</a>')).toEqual([
      { kind: 'text', text: '<a href="' },
      { kind: 'link', text: 'https://x.jp', href: 'https://x.jp/' },
      { kind: 'text', text: '">x</a>' },
    ]);
  });

  it('links several addresses on several lines', () => {
    const links = autoLink('a https://a.jp\nb http://b.jp/path\n').filter((s) => s.kind === 'link');
    expect(links.map((s) => s.text)).toEqual(['https://a.jp', 'http://b.jp/path']);
  });
});

describe('trimUrlEnd', () => {
  it('trims punctuation and unbalanced closers repeatedly', () => {
    expect(trimUrlEnd('https://a.jp/x).')).toBe('https://a.jp/x');
    expect(trimUrlEnd('https://a.jp/x_(y))')).toBe('https://a.jp/x_(y)');
    expect(trimUrlEnd('https://a.jp/?q="a"')).toBe('https://a.jp/?q="a');
  });
});

describe('toSafeHref', () => {
  it('accepts only http(s) with a host', () => {
    expect(toSafeHref('https://a.jp')).toBe('https://a.jp/');
    expect(toSafeHref('javascript:alert(1)')).toBeNull();
    expect(toSafeHref('not a url')).toBeNull();
  });
});
