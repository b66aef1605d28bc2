/**
 * The windows the table is tried in at real size (e2e/screens.spec.ts) and measured in
 * (bench/windows.ts): beside a ticket tool, as a support desk lays its screen out; 320 CSS pixels
 * wide (WCAG 1.4.10); a 1280×720 laptop at 200 % zoom (640×360 CSS pixels); the laptop itself.
 */
export const WINDOW_SHAPES = [
  ['beside a ticket tool', 500, 800],
  ['320 px wide', 320, 640],
  ['200 % zoom', 640, 360],
  ['a laptop', 1280, 720],
] as const;
