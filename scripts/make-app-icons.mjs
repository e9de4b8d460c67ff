// Draws the installable app's icons (src/client/public/icons/*.png) from src/client/public/favicon.svg.
// Run by hand when the favicon changes: `node scripts/make-app-icons.mjs`; the PNGs are committed.
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';

const root = path.resolve(import.meta.dirname, '..');
const publicDir = path.join(root, 'src/client/public');
const svg = fs.readFileSync(path.join(publicDir, 'favicon.svg'), 'utf8');
const out = path.join(publicDir, 'icons');
fs.mkdirSync(out, { recursive: true });

// "any" icons: the favicon as it is (rounded square), drawn at each size.
for (const size of [192, 512]) {
  await sharp(Buffer.from(svg), { density: (72 * size) / 32 })
    .resize(size, size)
    .png({ compressionLevel: 9 })
    .toFile(path.join(out, `icon-${size}.png`));
}

// Maskable: the brand colour to every edge (the platform cuts its own shape) and the tick inside the middle
// 80% circle (the safe zone), so no mask clips it.
const fill = /fill="(#[0-9a-f]{6})"/i.exec(svg)[1];
const tick = /<path[^>]*\/>/.exec(svg)[0];
const maskable = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" fill="${fill}"/><g transform="translate(16 16) scale(0.7) translate(-16 -16)">${tick}</g></svg>`;
for (const size of [192, 512]) {
  await sharp(Buffer.from(maskable), { density: (72 * size) / 32 })
    .resize(size, size)
    .png({ compressionLevel: 9 })
    .toFile(path.join(out, `maskable-${size}.png`));
}
console.log(`icons written to ${path.relative(root, out)}`);
