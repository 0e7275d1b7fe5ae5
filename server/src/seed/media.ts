import fs from 'node:fs';
import path from 'node:path';
import { SEED_ASSETS_DIR } from '../paths';
import {
  adminAvatarSvg,
  avatarSvg,
  cardSvg,
  creativeSvg,
  defaultAvatarSvg,
  silhouetteSvg,
  voiceNoteWav,
} from './images';
import { Rng } from './random';
import { AVATAR_COLORS, PALETTES, type Scene, TOPICS, type Topic } from './wordlists';

/** Picture variants drawn for every topic. */
export const TOPIC_VARIANTS = 3;
/** Silhouette avatars shared by scale users. */
export const SCALE_AVATARS = 16;

export const VIDEO_URL = '/media/videos/sample.webm';
export const AUDIO_URL = '/media/audio/voice-note.wav';

export const topicImageUrl = (t: Topic, variant: number) => `/media/posts/${t.slug}-${variant}.svg`;
export const topicThumbUrl = (t: Topic) => `/media/posts/${t.slug}-video.svg`;
export const avatarUrl = (username: string) => `/media/avatars/${username}.svg`;

const SAMPLE_VIDEO = path.join(SEED_ASSETS_DIR, 'sample.webm');

// Files are written in the background (libuv's thread pool) while the seed talks to the database;
// flushMedia() waits for them.
let pending: Promise<void>[] = [];

function write(dir: string, name: string, content: string | Buffer) {
  pending.push(fs.promises.writeFile(path.join(dir, name), content));
}

/** Waits until every image started so far is on disk. */
export async function flushMedia(): Promise<void> {
  const writing = pending;
  pending = [];
  await Promise.all(writing);
}

/**
 * Draws the shared pictures (topic cards, video thumbnails, admin and default avatars, scale
 * silhouettes) and copies the sample video. Answers whether a playable video is available.
 */
export function writeSharedMedia(mediaDir: string): { video: boolean } {
  const rng = new Rng(7);
  const dirs = ['avatars', 'posts', 'campaigns', 'videos', 'audio'].map((d) => path.join(mediaDir, d));
  for (const d of dirs) {
    fs.mkdirSync(d, { recursive: true });
  }
  const [avatars, posts, , videos, audio] = dirs;
  write(avatars, 'admin.svg', adminAvatarSvg());
  write(avatars, 'default.svg', defaultAvatarSvg());
  for (let k = 0; k < SCALE_AVATARS; k++) {
    write(avatars, `scale-${k}.svg`, silhouetteSvg(AVATAR_COLORS[k % AVATAR_COLORS.length]));
  }
  TOPICS.forEach((t, i) => {
    for (let v = 0; v < TOPIC_VARIANTS; v++) {
      const palette = PALETTES[(i * 5 + v * 7) % PALETTES.length];
      write(
        posts,
        `${t.slug}-${v}.svg`,
        cardSvg({ title: t.title, site: t.website, scene: t.scene, palette, rng }),
      );
    }
    write(
      posts,
      `${t.slug}-video.svg`,
      cardSvg({
        title: t.title,
        site: t.website,
        scene: t.scene,
        palette: PALETTES[i % PALETTES.length],
        rng,
        video: true,
      }),
    );
  });
  write(audio, 'voice-note.wav', voiceNoteWav());
  const video = fs.existsSync(SAMPLE_VIDEO);
  if (video) {
    fs.copyFileSync(SAMPLE_VIDEO, path.join(videos, 'sample.webm'));
  }
  return { video };
}

export function writeAvatar(mediaDir: string, username: string, name: string, rng: Rng) {
  const color = rng.pick(AVATAR_COLORS);
  const accent = rng.pick(AVATAR_COLORS);
  write(path.join(mediaDir, 'avatars'), `${username}.svg`, avatarSvg(name, color, accent));
}

export function writeCreative(
  mediaDir: string,
  name: string,
  opts: {
    brand: string;
    headline: string;
    button: { name: string; color: string; text: string };
    scene: Scene;
    rng: Rng;
    video?: boolean;
  },
): string {
  const palette = opts.rng.pick(PALETTES);
  write(path.join(mediaDir, 'campaigns'), name, creativeSvg({ ...opts, palette }));
  return `/media/campaigns/${name}`;
}
