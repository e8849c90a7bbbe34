import { readFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';

/**
 * The installable app's icons (src/web/public/icons, referenced by manifest.webmanifest), drawn
 * from the favicon SVG: 192 and 512 px, a maskable 512 px with the mark inside the safe zone, and
 * the 180 px Apple touch icon. Run `npx tsx scripts/icons.ts` after changing the favicon; the PNGs
 * are committed.
 */
const publicDir = path.resolve('src/web/public');
const svg = readFileSync(path.join(publicDir, 'favicon.svg'));
const BRAND = '#0b2a5b';

for (const size of [192, 512]) {
  await sharp(svg, { density: 72 * (size / 64) })
    .resize(size, size)
    .png({ compressionLevel: 9 })
    .toFile(path.join(publicDir, 'icons', `icon-${size}.png`));
}
// Maskable: a launcher may cut the icon to a circle; the mark sits within the middle 80 %.
const inner = Math.round(512 * 0.7);
const mark = await sharp(svg, { density: 72 * (inner / 64) })
  .resize(inner, inner)
  .png()
  .toBuffer();
await sharp({ create: { width: 512, height: 512, channels: 4, background: BRAND } })
  .composite([{ input: mark, gravity: 'centre' }])
  .png({ compressionLevel: 9 })
  .toFile(path.join(publicDir, 'icons', 'icon-maskable-512.png'));
await sharp({ create: { width: 180, height: 180, channels: 4, background: BRAND } })
  .composite([
    {
      input: await sharp(svg, { density: 72 * (150 / 64) })
        .resize(150, 150)
        .png()
        .toBuffer(),
      gravity: 'centre',
    },
  ])
  .png({ compressionLevel: 9 })
  .toFile(path.join(publicDir, 'icons', 'apple-touch-icon.png'));
console.log('icons written to', path.join(publicDir, 'icons'));
