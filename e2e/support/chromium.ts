import { execFileSync } from 'node:child_process';
import fs from 'node:fs';

/**
 * Which Chromium build: the journeys drive Debian's `chromium-headless-shell` (the same engine
 * without the desktop browser around it; Playwright's own choice for headless runs), which
 * spends about a seventh less CPU on the whole journey suite (docs/testing.md#browser). A
 * benchmark that stands for what people use (Lighthouse, the map's first render) asks for the
 * full `chromium`.
 */
type Build = 'headless-shell' | 'full';

const NAMES: Record<Build, string[]> = {
  'headless-shell': ['chromium-headless-shell', 'chromium', 'chromium-browser', 'google-chrome'],
  full: ['chromium', 'chromium-browser', 'google-chrome'],
};

/** The system Chromium (Debian's packages), or CHROMIUM_PATH; browsers are never downloaded. */
export function findChromium(build: Build = 'headless-shell'): string | null {
  const fromEnv = process.env.CHROMIUM_PATH;
  if (fromEnv && fs.existsSync(fromEnv)) return fromEnv;
  for (const name of NAMES[build]) {
    try {
      const found = execFileSync('which', [name], { encoding: 'utf8' }).trim();
      if (found) return found;
    } catch {
      // not on PATH
    }
  }
  return null;
}

/**
 * Switches for every launch. Playwright adds `--headless` itself (the new headless mode of the
 * full browser; the shell's only mode); a launch without Playwright adds it too.
 */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--use-angle=swiftshader',
  '--enable-unsafe-swiftshader',
];
