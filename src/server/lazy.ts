/**
 * Packages the server needs for a few requests only (a PDF, an uploaded picture, an e-mail), loaded
 * with their first use instead of at the server's start: together they took a few hundred
 * milliseconds of a fresh start (docs/decisions/023-start-fast.md). A loader keeps
 * its promise, so the package loads once; a package that fails to load fails each use alike.
 */
function once<T>(load: () => Promise<T>): () => Promise<T> {
  let loaded: Promise<T> | undefined;
  return () => (loaded ??= load());
}

export const loadPdfLib = once(() => import('pdf-lib'));
export const loadSharp = once(async () => (await import('sharp')).default);
export const loadFileType = once(() => import('file-type'));
export const loadNodemailer = once(async () => (await import('nodemailer')).default);
