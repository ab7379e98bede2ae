/**
 * glibc's malloc settings for the server (docs/architecture.md "Memory after bursts", README "Memory and the
 * allocator"). Decoding photos on several threads leaves glibc with one arena per thread and, after the first
 * large buffer is freed, a raised mmap threshold: memory freed after a burst of uploads stays in the process.
 * Two arenas and a fixed 128 KiB mmap threshold (large buffers mapped, and unmapped when freed) let it go.
 *
 * glibc reads MALLOC_* only when a process starts, so nothing done in JavaScript can apply them to the
 * running process. The entry (index.ts) therefore starts the server again with them when they are missing,
 * so `node dist/server/index.js` under a bare systemd unit or container behaves as `npm start` does. Where
 * Node has process.execve (22.15 and later) the process is replaced in place: same pid, no second process.
 * On older Node a child serves and this process (about 40 MB) only passes signals on and its exit code back.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';

/** What `npm start` sets too (package.json): two arenas, and every block from 128 KiB mapped on its own. */
export const ALLOCATOR_SETTINGS = { MALLOC_ARENA_MAX: '2', MALLOC_MMAP_THRESHOLD_: '131072' } as const;

/**
 * Variables through which the operator already chose the allocator (another malloc preloaded, glibc's
 * tunables, either setting): then the server starts as it was started.
 */
const OPERATOR_CHOICES = ['MALLOC_ARENA_MAX', 'MALLOC_MMAP_THRESHOLD_', 'GLIBC_TUNABLES', 'LD_PRELOAD'];

/** Set in the restarted process, so that it never restarts again whatever its environment says. */
export const RELAUNCHED_MARK = 'DIGQUEST_ALLOCATOR_RELAUNCHED';

/**
 * Whether this process runs on glibc: Node links it as libc.so.6 (musl's is ld-musl-*; macOS and Windows
 * have their own allocators, which ignore MALLOC_*). Reading our own memory map is instant, unlike
 * process.report (tens of milliseconds).
 */
export function runsOnGlibc(): boolean {
  if (process.platform !== 'linux') return false;
  try {
    return fs.readFileSync('/proc/self/maps', 'utf8').includes('/libc.so.6');
  } catch {
    return false;
  }
}

/** The environment to start again with, or null when this process should serve as it is. */
export function allocatorRelaunchEnv(env: NodeJS.ProcessEnv, glibc: boolean): NodeJS.ProcessEnv | null {
  if (!glibc || env[RELAUNCHED_MARK] || OPERATOR_CHOICES.some((name) => env[name] !== undefined)) return null;
  return { ...env, ...ALLOCATOR_SETTINGS, [RELAUNCHED_MARK]: '1' };
}

type Execve = (file: string, args: readonly string[], env: NodeJS.ProcessEnv) => never;
function hasExecve(proc: NodeJS.Process): proc is NodeJS.Process & { execve: Execve } {
  return typeof Reflect.get(proc, 'execve') === 'function';
}

/** The signals a service manager or a terminal stops the server with; the child gets them as we do. */
const FORWARDED_SIGNALS = ['SIGTERM', 'SIGINT', 'SIGHUP'] as const;

/**
 * Runs this same command (node's own flags, such as tsx's loader, included) again with `env`. Returns only
 * on older Node, with the child serving; this process then exits when the child does, with its code.
 */
export function relaunch(env: NodeJS.ProcessEnv): void {
  const args = [...process.execArgv, ...process.argv.slice(1)];
  if (hasExecve(process)) process.execve(process.execPath, [process.execPath, ...args], env);
  // The IPC channel is how the child notices this process is gone (killed with SIGKILL, say): it shuts down
  // rather than keep the port as an orphan (server.ts).
  const child = spawn(process.execPath, args, { env, stdio: ['inherit', 'inherit', 'inherit', 'ipc'] });
  for (const signal of FORWARDED_SIGNALS) process.on(signal, () => child.kill(signal));
  child.on('error', (err) => {
    console.error('could not start the server again with the allocator settings:', err);
    process.exit(1);
  });
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
}
