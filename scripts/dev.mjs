// `npm run dev`: the API with reload on change, and Vite's dev server forwarding /api to it.
// Development mode (the shop's default is production): the outbox of emails not sent is
// shown at /dev/outbox, to this machine only (docs/operations.md, "What NODE_ENV changes").
import { spawn } from 'node:child_process';

const env = { ...process.env, NODE_ENV: process.env.NODE_ENV || 'development' };
const children = [
  spawn('npm', ['run', 'dev', '-w', '@shop/api'], { stdio: 'inherit', env }),
  spawn('npm', ['run', 'dev', '-w', '@shop/web'], { stdio: 'inherit', env }),
];
const stop = () => children.forEach((child) => child.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children)
  child.on('exit', (code) => {
    stop();
    process.exitCode = code ?? 0;
  });
