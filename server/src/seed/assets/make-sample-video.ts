/**
 * Makes sample.webm, the demo's video, without internet: Chromium records an animated canvas with
 * MediaRecorder (VP8). Run once with `npx tsx server/src/seed/assets/make-sample-video.ts`; the
 * result is committed beside this file and copied into DATA_DIR/media/videos/ by the demo seed.
 */
import fs from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';

const SECONDS = 4;
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium' });
const page = await browser.newPage();
// Plain JavaScript text: the bundler's helpers must not leak into the page.
const script = `(async (seconds) => {
  const canvas = document.createElement('canvas');
  canvas.width = 480;
  canvas.height = 320;
  document.body.append(canvas);
  const g = canvas.getContext('2d');
  const stream = canvas.captureStream(24);
  const rec = new MediaRecorder(stream, { mimeType: 'video/webm;codecs=vp8', videoBitsPerSecond: 400_000 });
  const chunks = [];
  rec.ondataavailable = (e) => chunks.push(e.data);
  const done = new Promise((resolve) => {
    rec.onstop = () => resolve();
  });
  const start = performance.now();
  const draw = () => {
    const t = (performance.now() - start) / 1000;
    const grad = g.createLinearGradient(0, 0, 480, 320);
    grad.addColorStop(0, \`hsl(\${(t * 40) % 360}, 70%, 45%)\`);
    grad.addColorStop(1, \`hsl(\${(t * 40 + 120) % 360}, 70%, 55%)\`);
    g.fillStyle = grad;
    g.fillRect(0, 0, 480, 320);
    g.fillStyle = 'rgba(255,255,255,0.85)';
    g.beginPath();
    g.arc(240 + Math.sin(t * 2) * 150, 150 + Math.cos(t * 3) * 60, 36, 0, Math.PI * 2);
    g.fill();
    g.fillStyle = 'rgba(15,23,42,0.55)';
    g.beginPath();
    g.moveTo(0, 320);
    for (let x = 0; x <= 480; x += 40) {
      g.lineTo(x, 250 + Math.sin(x / 60 + t * 2) * 18);
    }
    g.lineTo(480, 320);
    g.fill();
    g.fillStyle = '#ffffff';
    g.font = 'bold 28px sans-serif';
    g.fillText('Swis demo video', 24, 48);
    if (t < seconds) {
      requestAnimationFrame(draw);
    } else {
      rec.stop();
    }
  };
  rec.start(250);
  draw();
  await done;
  const buf = await new Blob(chunks, { type: 'video/webm' }).arrayBuffer();
  let bin = '';
  const bytes = new Uint8Array(buf);
  for (let i = 0; i < bytes.length; i++) {
    bin += String.fromCharCode(bytes[i]);
  }
  return btoa(bin);
})(${SECONDS})`;
const base64 = (await page.evaluate(script)) as string;
await browser.close();
const out = path.join(import.meta.dirname, 'sample.webm');
fs.writeFileSync(out, Buffer.from(base64, 'base64'));
console.log(`wrote ${out} (${fs.statSync(out).size} bytes)`);
