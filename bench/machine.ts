import { readFileSync } from 'node:fs';
import { cpus, release, totalmem } from 'node:os';

export interface Machine {
  cpuModel: string;
  cores: number;
  memoryGiB: number;
  os: string;
  node: string;
  postgres: string;
}

export function describeMachine(postgresVersion: string): Machine {
  const processors = cpus();
  return {
    cpuModel: processors[0]?.model.trim() ?? 'unknown',
    cores: processors.length,
    memoryGiB: Math.round((totalmem() / 1024 ** 3) * 10) / 10,
    os: `${process.platform} ${release()}`,
    node: process.version,
    postgres: postgresVersion,
  };
}

/** CPU time so far, in seconds, read from Linux's /proc; null elsewhere, where the bench simply leaves it out. */
export interface CpuClock {
  /** Busy time of the whole machine (every core, every process). */
  machineBusy: number;
  machineTotal: number;
  /** CPU time of the API process (user + system). */
  api: number;
  /** CPU time of each PostgreSQL backend serving the API's connections, by process id. */
  postgres: Map<number, number>;
  /** CPU time of this process, the load generator. */
  client: number;
}

const TICKS_PER_SECOND = 100; // USER_HZ, 100 on every mainstream Linux build

function processCpuSeconds(pid: number): number {
  // The command name in brackets may contain spaces; the numbered fields start after its closing bracket.
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const after = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(after[11]) + Number(after[12])) / TICKS_PER_SECOND; // utime and stime, fields 14 and 15
}

export function readCpuClock(apiPid: number | undefined, postgresPids: number[]): CpuClock | null {
  try {
    const [, ...fields] = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/);
    const ticks = fields.map(Number);
    // user nice system idle iowait irq softirq steal: idle and iowait are the time not spent working.
    const total = ticks.slice(0, 8).reduce((sum, value) => sum + value, 0);
    const idle = ticks[3] + ticks[4];
    const ownCpu = process.cpuUsage();
    const postgres = new Map<number, number>();
    for (const pid of postgresPids) {
      try {
        postgres.set(pid, processCpuSeconds(pid));
      } catch {
        // A backend that has just ended (or runs on another machine) is left out.
      }
    }
    return {
      machineBusy: (total - idle) / TICKS_PER_SECOND,
      machineTotal: total / TICKS_PER_SECOND,
      api: apiPid === undefined ? 0 : processCpuSeconds(apiPid),
      postgres,
      client: (ownCpu.user + ownCpu.system) / 1e6,
    };
  } catch {
    return null;
  }
}

/**
 * Average use over an interval, in percent of one core (so 200 % is both cores of a 2-core machine busy). 'other'
 * is everything else on the machine, PostgreSQL's own background work included: if it is high, the run was shared
 * with someone else's work and its figures are low.
 */
export function cpuUse(start: CpuClock | null, end: CpuClock | null, seconds: number, cores: number) {
  if (!start || !end) return null;
  const percent = (cpuSeconds: number) => Math.round((cpuSeconds / seconds) * 100);
  const machineBusyShare = (end.machineBusy - start.machineBusy) / (end.machineTotal - start.machineTotal);
  const machine = Math.round(machineBusyShare * cores * 100);
  const api = percent(end.api - start.api);
  let postgresSeconds = 0;
  // A backend the pool opened during the interval counts from zero.
  for (const [pid, cpuSeconds] of end.postgres) postgresSeconds += cpuSeconds - (start.postgres.get(pid) ?? 0);
  const postgres = percent(postgresSeconds);
  const client = percent(end.client - start.client);
  return {
    machinePercent: machine,
    apiPercent: api,
    postgresPercent: postgres,
    clientPercent: client,
    otherPercent: Math.max(0, machine - api - postgres - client),
    ofPercent: cores * 100,
  };
}
