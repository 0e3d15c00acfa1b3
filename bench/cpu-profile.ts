// A CPU profile of a server process the bench started with `--inspect=127.0.0.1:0`, taken over the inspector protocol
// (V8's sampling profiler, as `node --cpu-prof` uses) for just the measured window, and its functions by self time.
// `node --cpu-prof` alone would not do: it writes its profile only when the process exits by itself, and it would
// profile the start and the warm-up too.
import { relative } from 'node:path';
import { REPO_ROOT } from '../test/support/api-process.js';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}

export interface CpuProfile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
}

export interface ProfiledFunction {
  function: string;
  /** Where it is, shortened: a path in the repository, a package in node_modules, or Node's own. */
  location: string;
  selfMs: number;
  selfPercent: number;
}

/** The inspector's WebSocket address, from what `--inspect=127.0.0.1:0` printed on standard error. */
export function inspectorUrlOf(output: string): string {
  const found = /Debugger listening on (ws:\/\/\S+)/.exec(output);
  if (!found) throw new Error('The server did not print its inspector address.');
  return found[1];
}

/** A connection to a process's inspector that can start and stop V8's CPU profiler. */
export class CpuProfiler {
  private nextId = 1;
  private readonly pending = new Map<number, { resolve: (result: unknown) => void; reject: (error: Error) => void }>();

  private constructor(private readonly socket: WebSocket) {
    socket.addEventListener('message', (event) => {
      const message = JSON.parse(String(event.data)) as { id?: number; result?: unknown; error?: { message: string } };
      const waiting = message.id === undefined ? undefined : this.pending.get(message.id);
      if (!waiting) return;
      this.pending.delete(message.id!);
      if (message.error) waiting.reject(new Error(message.error.message));
      else waiting.resolve(message.result);
    });
  }

  static async connect(url: string): Promise<CpuProfiler> {
    const socket = new WebSocket(url);
    await new Promise((resolveOpen, reject) => {
      socket.addEventListener('open', resolveOpen, { once: true });
      socket.addEventListener('error', () => reject(new Error(`Could not reach the inspector at ${url}.`)), { once: true });
    });
    return new CpuProfiler(socket);
  }

  private send<T>(method: string, params: Record<string, unknown> = {}): Promise<T> {
    const id = this.nextId++;
    this.socket.send(JSON.stringify({ id, method, params }));
    return new Promise<T>((resolveResult, reject) => this.pending.set(id, { resolve: (result) => resolveResult(result as T), reject }));
  }

  async start(): Promise<void> {
    await this.send('Profiler.enable');
    // 100 microseconds between samples, as `node --cpu-prof-interval` would set.
    await this.send('Profiler.setSamplingInterval', { interval: 100 });
    await this.send('Profiler.start');
  }

  async stop(): Promise<CpuProfile> {
    const { profile } = await this.send<{ profile: CpuProfile }>('Profiler.stop');
    return profile;
  }

  close(): void {
    this.socket.close();
  }
}

function shortLocation(url: string, line: number): string {
  if (!url) return '(V8 or native)';
  if (url.startsWith('node:')) return url;
  const path = url.startsWith('file://') ? decodeURIComponent(new URL(url).pathname) : url;
  const packageAt = path.lastIndexOf('/node_modules/');
  if (packageAt >= 0) {
    const parts = path.slice(packageAt + '/node_modules/'.length).split('/');
    return `${parts[0].startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0]} (package)`;
  }
  return `${relative(REPO_ROOT, path)}:${line + 1}`;
}

/**
 * The functions that spent the most time themselves (not in what they called), summed over every place they were
 * sampled. The profile's own '(idle)' is left out of the percentages, which are shares of the busy time.
 */
export function topFunctionsBySelfTime(profile: CpuProfile, count = 20): { busyMs: number; idleMs: number; functions: ProfiledFunction[] } {
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const selfMicroseconds = new Map<number, number>();
  for (const [index, id] of profile.samples.entries()) {
    selfMicroseconds.set(id, (selfMicroseconds.get(id) ?? 0) + (profile.timeDeltas[index] ?? 0));
  }
  const byFunction = new Map<string, { function: string; location: string; microseconds: number }>();
  let idle = 0;
  for (const [id, microseconds] of selfMicroseconds) {
    const { functionName, url, lineNumber } = nodes.get(id)!.callFrame;
    if (functionName === '(idle)') {
      idle += microseconds;
      continue;
    }
    const name = functionName || '(anonymous)';
    const location = shortLocation(url, lineNumber);
    const key = `${name} ${location}`;
    const entry = byFunction.get(key) ?? { function: name, location, microseconds: 0 };
    entry.microseconds += microseconds;
    byFunction.set(key, entry);
  }
  const busy = [...byFunction.values()].reduce((sum, entry) => sum + entry.microseconds, 0);
  const functions = [...byFunction.values()]
    .sort((a, b) => b.microseconds - a.microseconds)
    .slice(0, count)
    .map((entry) => ({
      function: entry.function,
      location: entry.location,
      selfMs: Math.round(entry.microseconds / 100) / 10,
      selfPercent: Math.round((entry.microseconds / busy) * 1000) / 10,
    }));
  return { busyMs: Math.round(busy / 1000), idleMs: Math.round(idle / 1000), functions };
}

/** The same, summed by where the code lives: each package, Node itself, V8, and each of our own files. */
export function selfTimeByPlace(profile: CpuProfile, count = 15): { place: string; selfPercent: number }[] {
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const byPlace = new Map<string, number>();
  let busy = 0;
  for (const [index, id] of profile.samples.entries()) {
    const { functionName, url, lineNumber } = nodes.get(id)!.callFrame;
    if (functionName === '(idle)') continue;
    const delta = profile.timeDeltas[index] ?? 0;
    busy += delta;
    const place = url ? shortLocation(url, lineNumber).replace(/:\d+$/, '') : functionName || '(V8 or native)';
    byPlace.set(place, (byPlace.get(place) ?? 0) + delta);
  }
  return [...byPlace.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([place, microseconds]) => ({ place, selfPercent: Math.round((microseconds / busy) * 1000) / 10 }));
}
