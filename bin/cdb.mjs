#!/usr/bin/env node
// `cdb`: the headless command over the app's engine. Runs the TypeScript sources through tsx, so
// `npx cdb …` works right after `npm ci`, with no build step.
import { register } from 'tsx/esm/api';

register();
const { runCli } = await import('../electron/cli/index.ts');
process.exitCode = await runCli(process.argv.slice(2), process);
