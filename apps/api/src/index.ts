import { DataDirInUseError } from './db/data-dir-lock';
import { EnvError, loadEnv } from './env';
import { startServer } from './server';

async function main() {
  const env = loadEnv();
  const started = performance.now();
  const server = await startServer(env);
  const where =
    server.database.kind === 'pglite'
      ? `data in ${server.database.location}`
      : `PostgreSQL ${server.database.location}`;
  console.log(
    `Laptop parts shop ready in ${Math.round(performance.now() - started)} ms: open ${server.url} (${where})`,
  );

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal}: stopping`);
    server.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}

main().catch((error: unknown) => {
  if (error instanceof EnvError || error instanceof DataDirInUseError) {
    console.error(error.message);
  } else {
    console.error('The shop could not start:', error);
  }
  process.exit(1);
});
