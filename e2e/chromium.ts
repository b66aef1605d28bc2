/**
 * Playwright's own browser download fails on these machines: specs and benches drive Debian's
 * Chromium (Playwright cannot download its own browser on these machines). The flags keep it from
 * calling out to a closed network.
 */
export const CHROMIUM = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
};
