// A process that takes the data-folder lock when told, as a starting server would
// (data-dir-lock.test.ts forks it). Messages: { lock, folder, at } takes the lock at the
// instant `at` (ms since the epoch) and answers { held, inUse? }; { release } lets it go.
import { DataDirInUseError, lockDataDir } from '../db/data-dir-lock';

type Command = { type: 'lock'; folder: string; at: number } | { type: 'release' };

let release: (() => void) | undefined;

process.on('message', (command: Command) => {
  if (command.type === 'lock') {
    // Wait for the shared instant by spinning: a timer would scatter the callers by milliseconds.
    while (Date.now() < command.at);
    try {
      release = lockDataDir(command.folder);
      process.send!({ held: true });
    } catch (error) {
      process.send!({
        held: false,
        inUse: error instanceof DataDirInUseError,
        message: (error as Error).message,
      });
    }
  } else {
    release?.();
    release = undefined;
    process.send!({ released: true });
  }
});
process.send!({ ready: true });
