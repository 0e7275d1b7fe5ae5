// Demo images drawn as SVG here, so the app needs no internet and no binary fixtures for pictures.

import type { Rng } from './random';
import type { Scene } from './wordlists';

const esc = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const FONT = "font-family='Inter, Segoe UI, Helvetica, Arial, sans-serif'";

/** Wraps text into lines of at most `width` characters (by words). */
function wrap(text: string, width: number, maxLines: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    if (line && `${line} ${word}`.length > width) {
      lines.push(line);
      line = word;
    } else {
      line = line ? `${line} ${word}` : word;
    }
  }
  if (line) {
    lines.push(line);
  }
  if (lines.length > maxLines) {
    const kept = lines.slice(0, maxLines);
    kept[maxLines - 1] = `${kept[maxLines - 1].replace(/\W*\w*$/, '')}…`;
    return kept;
  }
  return lines;
}

function initialsOf(name: string): string {
  const parts = name.trim().split(/\s+/);
  const first = parts[0]?.[0] ?? '?';
  const last = parts.length > 1 ? parts[parts.length - 1][0] : '';
  return `${first}${last}`.toUpperCase();
}

/** A round avatar with initials on a coloured gradient. */
export function avatarSvg(name: string, color: string, accent: string): string {
  const initials = esc(initialsOf(name));
  return `<svg xmlns='http://www.w3.org/2000/svg' width='256' height='256' viewBox='0 0 256 256'>
<defs><linearGradient id='g' x1='0' y1='0' x2='1' y2='1'><stop offset='0' stop-color='${color}'/><stop offset='1' stop-color='${accent}'/></linearGradient></defs>
<rect width='256' height='256' rx='128' fill='url(#g)'/>
<circle cx='200' cy='60' r='70' fill='#ffffff' opacity='0.08'/>
<text x='128' y='128' dy='0.35em' text-anchor='middle' ${FONT} font-size='104' font-weight='600' fill='#ffffff'>${initials}</text>
</svg>`;
}

/** A neutral silhouette avatar (used for scale users, whose names are not known when images are drawn). */
export function silhouetteSvg(color: string): string {
  return `<svg xmlns='http://www.w3.org/2000/svg' width='256' height='256' viewBox='0 0 256 256'>
<rect width='256' height='256' rx='128' fill='${color}'/>
<circle cx='128' cy='100' r='46' fill='#ffffff' opacity='0.9'/>
<path d='M48 214c10-46 44-70 80-70s70 24 80 70' fill='#ffffff' opacity='0.9'/>
</svg>`;
}

/** The super admin's avatar: a shield. */
export function adminAvatarSvg(): string {
  return `<svg xmlns='http://www.w3.org/2000/svg' width='256' height='256' viewBox='0 0 256 256'>
<defs><linearGradient id='g' x1='0' y1='0' x2='1' y2='1'><stop offset='0' stop-color='#1e3a8a'/><stop offset='1' stop-color='#7c3aed'/></linearGradient></defs>
<rect width='256' height='256' rx='128' fill='url(#g)'/>
<path d='M128 44l64 24v48c0 44-28 78-64 94-36-16-64-50-64-94V68z' fill='#ffffff' opacity='0.95'/>
<path d='M104 128l18 18 34-38' stroke='#4f46e5' stroke-width='14' fill='none' stroke-linecap='round' stroke-linejoin='round'/>
</svg>`;
}

/** A generic grey avatar for users whose own picture is missing. */
export function defaultAvatarSvg(): string {
  return silhouetteSvg('#9ca3af');
}

/** The drawing of each scene, behind a card's text. */
const SCENE_ART: Record<Scene, (rng: Rng, w: number, h: number) => string[]> = {
  mountains: (rng, w, h) => {
    const parts: string[] = [];
    parts.push(
      `<circle cx='${rng.int(w * 0.55, w * 0.85)}' cy='${h * 0.25}' r='${rng.int(40, 70)}' fill='#fde68a' opacity='0.9'/>`,
    );
    for (let layer = 0; layer < 3; layer++) {
      const base = h * (0.55 + layer * 0.1);
      let d = `M0 ${h} L0 ${base}`;
      for (let x = 0; x <= w; x += w / 6) {
        d += ` L${x.toFixed(0)} ${(base - rng.int(30, 150) / (layer + 1)).toFixed(0)}`;
      }
      d += ` L${w} ${h} Z`;
      parts.push(`<path d='${d}' fill='#0f172a' opacity='${0.25 + layer * 0.2}'/>`);
    }
    return parts;
  },
  city: (rng, w, h) => {
    const parts: string[] = [];
    for (let x = 0; x < w; x += rng.int(40, 90)) {
      const bw = rng.int(36, 80);
      const bh = rng.int(h * 0.2, h * 0.6);
      parts.push(`<rect x='${x}' y='${h - bh}' width='${bw}' height='${bh}' fill='#0f172a' opacity='0.55'/>`);
      for (let wy = h - bh + 14; wy < h - 20; wy += 26) {
        for (let wx = x + 8; wx < x + bw - 10; wx += 16) {
          if (rng.chance(0.45)) {
            parts.push(`<rect x='${wx}' y='${wy}' width='7' height='10' fill='#fde68a' opacity='0.85'/>`);
          }
        }
      }
    }
    return parts;
  },
  waves: (rng, w, h) => {
    const parts: string[] = [];
    parts.push(
      `<circle cx='${rng.int(w * 0.2, w * 0.8)}' cy='${h * 0.3}' r='60' fill='#fef3c7' opacity='0.8'/>`,
    );
    for (let i = 0; i < 4; i++) {
      const y = h * (0.5 + i * 0.1);
      const a = rng.int(14, 30);
      let d = `M0 ${y}`;
      for (let x = 0; x <= w; x += 80) {
        d += ` Q${x + 40} ${y - a} ${x + 80} ${y}`;
      }
      d += ` L${w} ${h} L0 ${h} Z`;
      parts.push(`<path d='${d}' fill='#ffffff' opacity='${0.12 + i * 0.08}'/>`);
    }
    return parts;
  },
  food: (rng, w, h) => {
    const parts: string[] = [];
    const cx = w / 2;
    const cy = h * 0.45;
    parts.push(`<ellipse cx='${cx}' cy='${cy + 20}' rx='220' ry='120' fill='#000000' opacity='0.12'/>`);
    parts.push(`<ellipse cx='${cx}' cy='${cy}' rx='210' ry='110' fill='#ffffff' opacity='0.95'/>`);
    parts.push(`<ellipse cx='${cx}' cy='${cy}' rx='160' ry='80' fill='#f8fafc'/>`);
    const colors = ['#ef4444', '#22c55e', '#f59e0b', '#a16207', '#84cc16', '#f97316'];
    for (let i = 0; i < 9; i++) {
      parts.push(
        `<circle cx='${cx + rng.int(-120, 120)}' cy='${cy + rng.int(-50, 50)}' r='${rng.int(16, 34)}' fill='${rng.pick(colors)}'/>`,
      );
    }
    return parts;
  },
  tech: (rng, w, h) => {
    const parts: string[] = [];
    parts.push(
      `<rect x='${w * 0.3}' y='${h * 0.12}' width='${w * 0.4}' height='${h * 0.5}' rx='18' fill='#0f172a' opacity='0.8'/>`,
    );
    parts.push(
      `<rect x='${w * 0.32}' y='${h * 0.15}' width='${w * 0.36}' height='${h * 0.44}' rx='8' fill='#e0f2fe'/>`,
    );
    for (let i = 0; i < 6; i++) {
      const bh = rng.int(20, 150);
      parts.push(
        `<rect x='${w * 0.35 + i * 46}' y='${h * 0.56 - bh}' width='30' height='${bh}' rx='4' fill='${i % 2 ? '#6366f1' : '#06b6d4'}'/>`,
      );
    }
    return parts;
  },
  sports: (rng, w, h) => {
    const parts: string[] = [];
    parts.push(
      `<rect x='0' y='${h * 0.55}' width='${w}' height='${h * 0.45}' fill='#166534' opacity='0.55'/>`,
    );
    parts.push(
      `<line x1='${w / 2}' y1='${h * 0.55}' x2='${w / 2}' y2='${h}' stroke='#ffffff' stroke-width='4' opacity='0.6'/>`,
    );
    parts.push(
      `<circle cx='${w / 2}' cy='${h * 0.78}' r='60' stroke='#ffffff' stroke-width='4' fill='none' opacity='0.6'/>`,
    );
    parts.push(`<circle cx='${rng.int(w * 0.3, w * 0.7)}' cy='${h * 0.3}' r='54' fill='#f97316'/>`);
    return parts;
  },
  news: (rng, w, h) => {
    const parts: string[] = [];
    parts.push(
      `<rect x='${w * 0.18}' y='${h * 0.1}' width='${w * 0.64}' height='${h * 0.56}' rx='10' fill='#ffffff' opacity='0.95'/>`,
    );
    parts.push(`<rect x='${w * 0.22}' y='${h * 0.15}' width='${w * 0.56}' height='34' fill='#111827'/>`);
    for (let i = 0; i < 7; i++) {
      parts.push(
        `<rect x='${w * 0.22}' y='${h * 0.27 + i * 24}' width='${rng.int(w * 0.2, w * 0.26)}' height='10' rx='5' fill='#9ca3af'/>`,
      );
      parts.push(
        `<rect x='${w * 0.52}' y='${h * 0.27 + i * 24}' width='${rng.int(w * 0.18, w * 0.26)}' height='10' rx='5' fill='#d1d5db'/>`,
      );
    }
    return parts;
  },
  shopping: (rng, w, h) => {
    const parts: string[] = [];
    for (let i = 0; i < 3; i++) {
      const x = w * (0.2 + i * 0.22);
      const y = h * (0.2 + rng.next() * 0.1);
      const c = rng.pick(['#f43f5e', '#0ea5e9', '#f59e0b', '#8b5cf6', '#10b981']);
      parts.push(`<rect x='${x}' y='${y}' width='150' height='170' rx='14' fill='${c}'/>`);
      parts.push(
        `<path d='M${x + 45} ${y} v-24 a30 30 0 0 1 60 0 v24' stroke='#111827' stroke-width='8' fill='none'/>`,
      );
    }
    return parts;
  },
};

function sceneArt(scene: Scene, rng: Rng, w: number, h: number): string {
  return SCENE_ART[scene](rng, w, h).join('\n');
}

/** A post or search picture: a gradient scene with the title and the website along the bottom. */
export function cardSvg(opts: {
  title: string;
  site: string;
  scene: Scene;
  palette: readonly [string, string];
  rng: Rng;
  video?: boolean;
}): string {
  const w = 920;
  const h = 640;
  const lines = wrap(opts.title, 30, 2);
  const band = 58 + lines.length * 52;
  const text = lines
    .map(
      (l, i) =>
        `<text x='40' y='${h - band + 58 + i * 52}' ${FONT} font-size='44' font-weight='700' fill='#ffffff'>${esc(l)}</text>`,
    )
    .join('\n');
  const play = opts.video
    ? `<circle cx='${w / 2}' cy='${h * 0.36}' r='64' fill='#000000' opacity='0.55'/><path d='M${w / 2 - 20} ${h * 0.36 - 34} L${w / 2 + 36} ${h * 0.36} L${w / 2 - 20} ${h * 0.36 + 34} Z' fill='#ffffff'/>`
    : '';
  return `<svg xmlns='http://www.w3.org/2000/svg' width='${w}' height='${h}' viewBox='0 0 ${w} ${h}'>
<defs><linearGradient id='bg' x1='0' y1='0' x2='1' y2='1'><stop offset='0' stop-color='${opts.palette[0]}'/><stop offset='1' stop-color='${opts.palette[1]}'/></linearGradient>
<linearGradient id='shade' x1='0' y1='0' x2='0' y2='1'><stop offset='0' stop-color='#000000' stop-opacity='0'/><stop offset='1' stop-color='#000000' stop-opacity='0.7'/></linearGradient></defs>
<rect width='${w}' height='${h}' fill='url(#bg)'/>
${sceneArt(opts.scene, opts.rng, w, h)}
<rect y='${h - band - 40}' width='${w}' height='${band + 40}' fill='url(#shade)'/>
${text}
<text x='40' y='${h - 24}' ${FONT} font-size='24' fill='#e5e7eb'>${esc(opts.site)}</text>
${play}
</svg>`;
}

/** A campaign creative: brand, headline, call-to-action button. */
export function creativeSvg(opts: {
  brand: string;
  headline: string;
  button: { name: string; color: string; text: string };
  scene: Scene;
  palette: readonly [string, string];
  rng: Rng;
  video?: boolean;
}): string {
  const w = 1200;
  const h = 628;
  const lines = wrap(opts.headline, 24, 2);
  const headline = lines
    .map(
      (l, i) =>
        `<text x='60' y='${210 + i * 70}' ${FONT} font-size='60' font-weight='800' fill='#ffffff'>${esc(l)}</text>`,
    )
    .join('\n');
  const play = opts.video
    ? `<circle cx='${w * 0.75}' cy='${h / 2}' r='70' fill='#000000' opacity='0.5'/><path d='M${w * 0.75 - 22} ${h / 2 - 38} L${w * 0.75 + 40} ${h / 2} L${w * 0.75 - 22} ${h / 2 + 38} Z' fill='#ffffff'/>`
    : '';
  return `<svg xmlns='http://www.w3.org/2000/svg' width='${w}' height='${h}' viewBox='0 0 ${w} ${h}'>
<defs><linearGradient id='bg' x1='0' y1='0' x2='1' y2='1'><stop offset='0' stop-color='${opts.palette[0]}'/><stop offset='1' stop-color='${opts.palette[1]}'/></linearGradient></defs>
<rect width='${w}' height='${h}' fill='url(#bg)'/>
<g transform='translate(${w * 0.42} 0) scale(0.65 1)'>${sceneArt(opts.scene, opts.rng, 920, h)}</g>
<text x='60' y='110' ${FONT} font-size='30' font-weight='600' fill='#ffffff' opacity='0.9' letter-spacing='2'>${esc(opts.brand.toUpperCase())}</text>
${headline}
<rect x='60' y='${h - 150}' width='260' height='72' rx='36' fill='${opts.button.color}'/>
<text x='190' y='${h - 114}' dy='0.35em' text-anchor='middle' ${FONT} font-size='30' font-weight='700' fill='${opts.button.text}'>${esc(opts.button.name)}</text>
<text x='${w - 40}' y='${h - 30}' text-anchor='end' ${FONT} font-size='20' fill='#ffffff' opacity='0.8'>Sponsored</text>
${play}
</svg>`;
}

/**
 * A short voice note: a mono 16-bit WAV of two soft tones. WAV is simple enough to write by hand
 * and every browser plays it.
 */
export function voiceNoteWav(seconds = 2, rate = 8000): Buffer {
  const samples = Math.floor(seconds * rate);
  const buf = Buffer.alloc(44 + samples * 2);
  buf.write('RIFF', 0);
  buf.writeUInt32LE(36 + samples * 2, 4);
  buf.write('WAVE', 8);
  buf.write('fmt ', 12);
  buf.writeUInt32LE(16, 16);
  buf.writeUInt16LE(1, 20);
  buf.writeUInt16LE(1, 22);
  buf.writeUInt32LE(rate, 24);
  buf.writeUInt32LE(rate * 2, 28);
  buf.writeUInt16LE(2, 32);
  buf.writeUInt16LE(16, 34);
  buf.write('data', 36);
  buf.writeUInt32LE(samples * 2, 40);
  for (let i = 0; i < samples; i++) {
    const t = i / rate;
    const f = t < seconds / 2 ? 440 : 554;
    const envelope = Math.min(1, t * 8, (seconds - t) * 8) * 0.3;
    const v = Math.sin(2 * Math.PI * f * t) * envelope;
    buf.writeInt16LE(Math.round(v * 32767), 44 + i * 2);
  }
  return buf;
}
