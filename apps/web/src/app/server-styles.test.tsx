// @vitest-environment node
import { CacheProvider } from '@emotion/react';
import styled from '@emotion/styled';
import Button from '@mui/material/Button';
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { newStyleCache, styleTags } from './server-styles';

function draw(element: ReactNode) {
  const styles = newStyleCache();
  const html = renderToString(<CacheProvider value={styles.cache}>{element}</CacheProvider>);
  return { html, ...styleTags(styles, html) };
}

const classesOf = (html: string) => [...html.matchAll(/\bcss-([\w-]+)/g)].map((m) => m[1]!);
const idsOf = (tag: string) => /data-emotion="css ([^"]+)"/.exec(tag)?.[1]?.split(' ') ?? [];

describe('server styles', () => {
  it('sends the classes a component hands on after the page, apart from the critical CSS', () => {
    const { html, head, rest } = draw(<Button variant="contained">駅へ</Button>);
    const used = classesOf(html);
    expect(used.length).toBeGreaterThan(0);
    for (const id of used) expect(head).toContain(`.css-${id}{`);

    const handedOn = idsOf(rest);
    expect(handedOn.length).toBeGreaterThan(0);
    for (const id of handedOn) {
      expect(used).not.toContain(id);
      expect(head).not.toContain(`.css-${id}{`);
      expect(rest).toContain(`.css-${id}{`);
    }
  });

  it('sends nothing after a page whose elements use every class it made', () => {
    const Box = styled.div({ color: 'green' });
    const { html, head, rest } = draw(<Box>東京</Box>);
    expect(classesOf(html)).toHaveLength(1);
    expect(head).toContain('color:green');
    expect(rest).toBe('');
  });
});
