/**
 * Vitest setup file: whatever a test file spawned and left running is killed when the file ends, and the processes
 * it starts end themselves if this test process dies (the orphan guard).
 */
import { afterAll } from 'vitest';
import { guardChildren, killTracked } from './children';

guardChildren();

afterAll(async () => {
  const killed = await killTracked();
  // A leftover is the test's own bug (it should stop what it starts); say so without failing the file for it.
  if (killed > 0) process.stderr.write(`children-setup: killed ${killed} process(es) a test file left running\n`);
});
