import { existsSync } from 'node:fs';

/** How the browser tests start Debian's Chromium (never a downloaded browser). */
export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** `CHROMIUM_PATH`, else Debian's /usr/bin/chromium; a missing browser fails the test with the install command. */
export function chromiumPath(): string {
  const file = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
  if (!existsSync(file)) {
    throw new Error(
      `No Chromium at ${file}: install Debian's (apt-get install -y chromium) or set CHROMIUM_PATH to a Chromium binary.`,
    );
  }
  return file;
}
