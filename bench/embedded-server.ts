import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, rmSync } from 'node:fs';

/**
 * The embedded server a browser benchmark measures (bench/lighthouse.ts, bench/landing-downloads.ts):
 * on a fresh data directory, the compiled server when built (as the browser tests use it), else
 * tsx; node itself, so SIGTERM at the end reaches the server, not a wrapper.
 */
export function startEmbeddedServer(port: number, dataDir: string): { readonly server: ChildProcess; ready(): Promise<void> } {
  rmSync(dataDir, { recursive: true, force: true });
  mkdirSync(dataDir, { recursive: true });
  const args = existsSync('dist/server/main.js') ? ['dist/server/main.js'] : ['--import', 'tsx', 'src/server/main.ts'];
  const server = spawn(process.execPath, args, {
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    stdio: 'ignore',
  });
  return {
    server,
    async ready() {
      for (let i = 0; i < 240; i += 1) {
        try {
          const res = await fetch(`http://localhost:${port}/api/public/config`);
          if (res.ok) return;
        } catch {
          // not up yet
        }
        await new Promise((r) => setTimeout(r, 500));
      }
      throw new Error('server did not start');
    },
  };
}
