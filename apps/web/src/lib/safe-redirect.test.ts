import { describe, expect, it } from 'vitest';
import { sanitizeRedirect } from './safe-redirect';

describe('sanitizeRedirect', () => {
  it('keeps a path on this site with its query and hash', () => {
    expect(sanitizeRedirect('/settings/profile')).toBe('/settings/profile');
    expect(sanitizeRedirect('/notifications?tab=all#top')).toBe('/notifications?tab=all#top');
    expect(sanitizeRedirect('/station/1130101')).toBe('/station/1130101');
  });

  it.each([
    ['//evil.example', 'protocol-relative URL'],
    ['//evil.example/login', 'protocol-relative URL with a path'],
    ['/\\evil.example', 'backslash read as a slash'],
    ['/\t/evil.example', 'tab dropped by the URL parser'],
    ['/\n/evil.example', 'newline dropped by the URL parser'],
    ['https://evil.example/', 'absolute URL'],
    ['javascript:alert(1)', 'script URL'],
    ['settings/profile', 'relative path without a leading slash'],
    ['', 'empty value'],
  ])('refuses %j (%s)', (value) => {
    expect(sanitizeRedirect(value)).toBe('/');
  });

  it('falls back when there is no value or it points back to /login', () => {
    expect(sanitizeRedirect(null)).toBe('/');
    expect(sanitizeRedirect(undefined, '/settings/profile')).toBe('/settings/profile');
    expect(sanitizeRedirect('/login?redirect=/leave')).toBe('/');
  });

  it('normalises dot segments without leaving the site', () => {
    expect(sanitizeRedirect('/a/../settings/profile')).toBe('/settings/profile');
    expect(sanitizeRedirect('/..//evil.example')).toBe('/');
  });
});
