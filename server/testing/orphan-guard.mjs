// Loaded into every Node.js process the test suite starts (NODE_OPTIONS=--import, set by vitest.config.ts), and so
// into their own children too: a process whose parent has died ends itself. A test worker that vitest kills, or a
// run stopped with Ctrl-C or SIGKILL, then leaves no service listening behind it (a leftover one held ports and data
// folder locks that later tests failed on). Linux and macOS re-parent an orphan, so a changed parent pid is the sign.
// Plain JavaScript: it runs before any loader (tsx) is in place.
const SPAWNER = 'ORPHAN_GUARD_SPAWNER';

// The process that started this one may have died before this line runs (a slow start on a loaded machine): then
// the parent seen now is already the one that adopted it. Each guarded process names itself to its children.
const spawner = Number(process.env[SPAWNER]);
process.env[SPAWNER] = String(process.pid);

function gone(pid) {
  try {
    process.kill(pid, 0);
    return false;
  } catch (err) {
    return err.code === 'ESRCH';
  }
}

function end() {
  clearInterval(timer);
  // A graceful stop first (the service closes its database and lock); then for good.
  setTimeout(() => process.exit(1), 5_000).unref();
  process.kill(process.pid, 'SIGTERM');
}

const parent = process.ppid;
const timer = setInterval(() => {
  if (process.ppid !== parent) end();
}, 500);
timer.unref();
// Started through a program that is not guarded (sh, npm) the parent is not the spawner; only a dead spawner counts.
if (spawner > 0 && spawner !== parent && gone(spawner)) end();
