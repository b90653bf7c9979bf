import { execFileSync } from 'node:child_process';
import fs from 'node:fs';

/** The system Chromium (Debian's `chromium`), or CHROMIUM_PATH; browsers are never downloaded. */
export function findChromium(): string | null {
  const fromEnv = process.env.CHROMIUM_PATH;
  if (fromEnv && fs.existsSync(fromEnv)) return fromEnv;
  for (const name of ['chromium', 'chromium-browser', 'google-chrome']) {
    try {
      const found = execFileSync('which', [name], { encoding: 'utf8' }).trim();
      if (found) return found;
    } catch {
      // not on PATH
    }
  }
  return null;
}

export const CHROMIUM_ARGS = [
  '--headless=new',
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
