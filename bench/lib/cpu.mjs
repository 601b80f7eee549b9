// CPU time of a process and its descendants, from /proc (Linux), in seconds.
import fs from 'node:fs';

const TICKS_PER_SECOND = 100; // USER_HZ on Linux

/** [pid, ppid, own ticks, reaped children's ticks] of every process now running. */
function processes() {
  const list = [];
  for (const name of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    let stat;
    try {
      stat = fs.readFileSync(`/proc/${name}/stat`, 'utf8');
    } catch {
      continue; // ended while we looked
    }
    // The command name may hold spaces and parentheses: the fields start after the last ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    list.push({
      pid: Number(name),
      ppid: Number(fields[1]),
      own: Number(fields[11]) + Number(fields[12]),
      reaped: Number(fields[13]) + Number(fields[14]),
    });
  }
  return list;
}

/**
 * CPU seconds used so far by `pid` and everything under it: the running descendants' own
 * time, and the time of those already ended (counted in their parent once it reaped them).
 */
export function treeCpuSeconds(pid) {
  const all = processes();
  const children = new Map();
  for (const process of all) {
    if (!children.has(process.ppid)) children.set(process.ppid, []);
    children.get(process.ppid).push(process);
  }
  const root = all.find((process) => process.pid === pid);
  if (!root) throw new Error(`no process ${pid}`);
  let ticks = 0;
  const visit = (process) => {
    ticks += process.own + process.reaped;
    for (const child of children.get(process.pid) ?? []) visit(child);
  };
  visit(root);
  return ticks / TICKS_PER_SECOND;
}

/** The postmaster of the PostgreSQL server at `query`'s connection (needs read access to its folder). */
export async function postmasterPid(query) {
  const [{ setting }] = await query(
    `select setting from pg_settings where name = 'data_directory'`,
  );
  return Number(fs.readFileSync(`${setting}/postmaster.pid`, 'utf8').split('\n')[0]);
}
