// Everything the bench starts (servers, temp folders) registers how to undo itself here, so
// it is undone on success, on failure and on Ctrl-C alike.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const tasks = [];
let running;

/** Registers an undo step; answers a function that runs it now (once) and forgets it. */
export function onCleanup(task) {
  let done = false;
  const run = async () => {
    if (done) return;
    done = true;
    tasks.splice(tasks.indexOf(run), 1);
    await task();
  };
  tasks.push(run);
  return run;
}

/** Runs every undo step, newest first; errors are reported, never thrown. */
export function cleanupAll() {
  running ??= (async () => {
    while (tasks.length > 0) {
      const task = tasks.at(-1);
      try {
        await task();
      } catch (error) {
        console.error('cleanup:', error);
        tasks.splice(tasks.indexOf(task), 1);
      }
    }
    running = undefined;
  })();
  return running;
}

for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.once(signal, () => {
    console.error(`\n${signal}: cleaning up`);
    void cleanupAll().finally(() => process.exit(130));
  });
}

/** A new temporary folder, removed at cleanup. */
export function tempDir(prefix) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `shop-bench-${prefix}-`));
  onCleanup(() => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
}
