/**
 * Whether a Tapat server answers on this machine's PORT: db:reset and seed refuse to touch the
 * database while one runs (the embedded database allows one process at a time, and wiping a
 * database under a running server is never what anyone meant).
 */
export async function serverAnswers(port: number): Promise<boolean> {
  try {
    const response = await fetch(`http://127.0.0.1:${port}/api/public/config`, { signal: AbortSignal.timeout(1_500) });
    return response.status > 0;
  } catch {
    return false;
  }
}
