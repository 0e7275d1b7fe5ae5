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

/**
 * One seed's media files under `dir`. Files are written in the background (libuv's thread pool)
 * while the seed talks to the database; flush() waits for those this writer started.
 */
export interface MediaWriter {
  readonly dir: string;
  write(subdir: string, name: string, content: string | Buffer): void;
  flush(): Promise<void>;
}

export function mediaWriter(dir: string): MediaWriter {
  let pending: Promise<void>[] = [];
  return {
    dir,
    write(subdir, name, content) {
      pending.push(fs.promises.writeFile(path.join(dir, subdir, name), content));
    },
    async flush() {
      const writing = pending;
      pending = [];
      await Promise.all(writing);
    },
  };
}

/**
 * Draws the shared pictures (topic cards, video thumbnails, admin and default avatars, scale
 * silhouettes) and copies the sample video. Answers whether a playable video is available.
 */
export function writeSharedMedia(media: MediaWriter): { video: boolean } {
  const rng = new Rng(7);
  for (const d of ['avatars', 'posts', 'campaigns', 'videos', 'audio']) {
    fs.mkdirSync(path.join(media.dir, d), { recursive: true });
  }
  media.write('avatars', 'admin.svg', adminAvatarSvg());
  media.write('avatars', 'default.svg', defaultAvatarSvg());
  for (let k = 0; k < SCALE_AVATARS; k++) {
    media.write('avatars', `scale-${k}.svg`, silhouetteSvg(AVATAR_COLORS[k % AVATAR_COLORS.length]));
  }
  TOPICS.forEach((t, i) => {
    for (let v = 0; v < TOPIC_VARIANTS; v++) {
      const palette = PALETTES[(i * 5 + v * 7) % PALETTES.length];
      media.write(
        'posts',
        `${t.slug}-${v}.svg`,
        cardSvg({ title: t.title, site: t.website, scene: t.scene, palette, rng }),
      );
    }
    media.write(
      'posts',
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
  media.write('audio', 'voice-note.wav', voiceNoteWav());
  const video = fs.existsSync(SAMPLE_VIDEO);
  if (video) {
    fs.copyFileSync(SAMPLE_VIDEO, path.join(media.dir, 'videos', 'sample.webm'));
  }
  return { video };
}

export function writeAvatar(media: MediaWriter, username: string, name: string, rng: Rng) {
  const color = rng.pick(AVATAR_COLORS);
  const accent = rng.pick(AVATAR_COLORS);
  media.write('avatars', `${username}.svg`, avatarSvg(name, color, accent));
}

export function writeCreative(
  media: MediaWriter,
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
  media.write('campaigns', name, creativeSvg({ ...opts, palette }));
  return `/media/campaigns/${name}`;
}
