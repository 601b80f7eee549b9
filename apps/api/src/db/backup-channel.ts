import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';

/**
 * The running shop holds its data folder alone (data-dir-lock.ts), so `npm run backup` asks it
 * for a copy over a Unix socket inside that folder. The socket sits in a folder only the owner
 * of the data can open (mode 0700), so only that operating-system user (and root) can ask.
 */
export const CONTROL_FOLDER = 'control';
const SOCKET_NAME = 'backup.sock';
/** sun_path holds 108 bytes on Linux, 104 on macOS, the final NUL included. */
const MAX_SOCKET_PATH_BYTES = 103;

export const backupSocketPath = (dataDir: string) =>
  path.join(dataDir, CONTROL_FOLDER, SOCKET_NAME);

export interface BackupChannel {
  close(): Promise<void>;
}

/**
 * Serves `takeBackup()` to whoever connects to the socket. Answers why not when the data
 * folder's path is too long for a socket (backups then need the shop stopped).
 */
export async function serveBackups(
  dataDir: string,
  takeBackup: () => Promise<Buffer>,
  onError: (error: unknown) => void,
): Promise<BackupChannel | { unavailable: string }> {
  const socket = backupSocketPath(dataDir);
  if (Buffer.byteLength(socket) > MAX_SOCKET_PATH_BYTES) {
    return {
      unavailable: `the path ${socket} is too long for a socket: npm run backup works only with the shop stopped (or use a shorter DATA_DIR)`,
    };
  }
  const folder = path.dirname(socket);
  fs.mkdirSync(folder, { recursive: true, mode: 0o700 });
  fs.chmodSync(folder, 0o700); // an older folder, or a umask that widened it
  // This process holds the data folder: a socket left there is from a shop that died.
  fs.rmSync(socket, { force: true });

  let busy: Promise<Buffer> | undefined;
  const server = http.createServer((request, response) => {
    if (request.method !== 'GET' || request.url !== '/backup') {
      response.writeHead(404).end();
      return;
    }
    // Two backups asked at once share one copy rather than queueing two.
    busy ??= takeBackup().finally(() => (busy = undefined));
    busy.then(
      (file) => {
        response.writeHead(200, {
          'Content-Type': 'application/octet-stream',
          'Content-Length': file.length,
        });
        response.end(file);
      },
      (error: unknown) => {
        onError(error);
        response.writeHead(500, { 'Content-Type': 'text/plain' });
        response.end(`The shop could not copy its database: ${(error as Error).message}`);
      },
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(socket, () => {
      server.off('error', reject);
      resolve();
    });
  });
  return {
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/**
 * Asks the shop running on `dataDir` for a backup file. Undefined when no shop answers there
 * (none running, or one that stopped and left its socket behind).
 */
export function requestBackup(dataDir: string): Promise<Buffer | undefined> {
  return new Promise((resolve, reject) => {
    const request = http.get(
      // A connection of its own: one kept alive from an earlier call may be dead by now.
      { socketPath: backupSocketPath(dataDir), path: '/backup', agent: false },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('error', reject);
        response.on('end', () => {
          const body = Buffer.concat(chunks);
          if (response.statusCode === 200) resolve(body);
          else reject(new Error(body.toString() || `The shop answered ${response.statusCode}`));
        });
      },
    );
    request.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT' || error.code === 'ECONNREFUSED') resolve(undefined);
      else reject(error);
    });
  });
}
