#!/usr/bin/env node
/**
 * `payments`: the developer CLI of the Payments Service (`npm run cli -- …` in this repository). The commands are
 * in main.ts; this entry wires them to the process: Ctrl-C stops a command cleanly (a second one exits at once).
 */
import { main } from './main.js';

const stop = new AbortController();
process.on('SIGINT', () => {
  if (stop.signal.aborted) process.exit(130);
  stop.abort();
});

const code = await main(process.argv.slice(2), {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
  env: process.env,
  signal: stop.signal,
});
// Writes to a terminal, a file or a pipe are synchronous on POSIX, so nothing printed is lost by exiting now; exiting
// also ends the keep-alive connections fetch may still hold.
process.exit(code);
