/**
 * Where the machine's CPU went during a measurement, read from Linux's /proc: the back-end instances, the PostgreSQL
 * server (its postmaster and every backend), the bench's own process (the load generator) and the rest of the machine
 * (other people's work on a shared machine), in cores: CPU seconds per second of wall time. A throughput figure on a
 * machine whose cores the load generator or someone else took is not the servers' figure; this says which it was.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';

/** Linux's clock ticks per second of /proc's CPU times (USER_HZ; 100 wherever getconf is missing). */
const TICKS_PER_SECOND = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout?.trim()) || 100;

/** What the CPU was spent on, in cores (CPU seconds per wall second). */
export interface CpuSplit {
  instances: number;
  postgres: number;
  generator: number;
  /** Busy on anything else: other processes on the machine. */
  others: number;
  idle: number;
}

interface ProcessTicks {
  ppid: number;
  /** utime + stime: the process's own CPU. */
  own: number;
  /** cutime + cstime: its children that have exited (a PostgreSQL backend closed meanwhile still counts). */
  reaped: number;
}

/** Every process's CPU ticks, by pid (a process that exits while being read is left out). */
function processTicks(): Map<number, ProcessTicks> {
  const all = new Map<number, ProcessTicks>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    let stat: string;
    try {
      stat = readFileSync(`/proc/${name}/stat`, 'utf8');
    } catch {
      continue;
    }
    // The command name (field 2) may hold spaces and parentheses: the fields that follow start after its last ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ').map(Number);
    // fields[0] is field 3 (state): ppid is field 4, utime..cstime fields 14..17.
    all.set(Number(name), { ppid: fields[1] ?? 0, own: (fields[11] ?? 0) + (fields[12] ?? 0), reaped: (fields[13] ?? 0) + (fields[14] ?? 0) });
  }
  return all;
}

/** Ticks of `root`, its exited children and every live descendant. */
function treeTicks(root: number, all: Map<number, ProcessTicks>): number {
  let ticks = (all.get(root)?.own ?? 0) + (all.get(root)?.reaped ?? 0);
  const below = [root];
  for (let at = 0; at < below.length; at++) {
    for (const [pid, process] of all) {
      if (process.ppid !== below[at]) continue;
      below.push(pid);
      ticks += process.own;
    }
  }
  return ticks;
}

/** The machine's busy ticks since boot, over all cores (/proc/stat's first line). */
function machineBusyTicks(): number {
  const [, ...values] = (readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '').trim().split(/\s+/);
  // user nice system idle iowait irq softirq steal (guest time is already inside user); idle and iowait are not busy.
  const [user = 0, nice = 0, system = 0, , , irq = 0, softirq = 0, steal = 0] = values.map(Number);
  return user + nice + system + irq + softirq + steal;
}

interface Reading {
  at: number;
  instances: number;
  postgres: number;
  generator: number;
  busy: number;
}

/** Reads the CPU of the given processes now; `split` turns two readings into the cores each part used between them. */
export class CpuMeter {
  constructor(private readonly instancePids: readonly number[], private readonly postmasterPid: number) {}

  read(): Reading {
    const all = processTicks();
    return {
      at: performance.now(),
      instances: this.instancePids.reduce((sum, pid) => sum + treeTicks(pid, all), 0),
      postgres: treeTicks(this.postmasterPid, all),
      // The bench process alone (its children are the instances and the cluster's script, counted above or idle).
      generator: all.get(process.pid)?.own ?? 0,
      busy: machineBusyTicks(),
    };
  }

  static split(from: Reading, to: Reading, cores: number): CpuSplit {
    const seconds = (to.at - from.at) / 1000;
    const coresOf = (ticks: number) => ticks / TICKS_PER_SECOND / seconds;
    const instances = coresOf(to.instances - from.instances);
    const postgres = coresOf(to.postgres - from.postgres);
    const generator = coresOf(to.generator - from.generator);
    const busy = coresOf(to.busy - from.busy);
    return { instances, postgres, generator, others: Math.max(0, busy - instances - postgres - generator), idle: Math.max(0, cores - busy) };
  }
}

/** The PostgreSQL server's postmaster: the parent of the backend serving `backendPid`. */
export function postmasterOf(backendPid: number): number {
  const ppid = processTicks().get(backendPid)?.ppid;
  if (!ppid) throw new Error(`PostgreSQL backend ${backendPid} is not visible in /proc`);
  return ppid;
}
