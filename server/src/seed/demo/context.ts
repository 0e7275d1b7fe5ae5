import type { Db } from '../../db/client';
import { type MediaWriter, topicThumbUrl, VIDEO_URL } from '../media';
import type { Rng } from '../random';
import type { City, Topic } from '../wordlists';

export const SECOND = 1000;
export const MINUTE = 60 * SECOND;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;

/**
 * What every step of the demo seed shares. One Rng is drawn from in a fixed order across the
 * steps: the data stays the same on every first start only while the steps run in that order.
 */
export interface DemoContext {
  db: Db;
  rng: Rng;
  /** The moment of seeding: every timestamp is relative to it. */
  now: number;
  media: MediaWriter;
  superAdminId: number | null;
  /** The moment `msAgo` before now. */
  at(msAgo: number): Date;
  /** A random moment between `d` and now. */
  after(d: Date): Date;
  /** The demo video when it could be written, else the topic's video thumbnail. */
  videoOrThumb(t: Topic): string;
  /** Whether the demo video was written. */
  video: boolean;
}

export function demoContext(opts: {
  db: Db;
  rng: Rng;
  now: number;
  media: MediaWriter;
  superAdminId: number | null;
  video: boolean;
}): DemoContext {
  const { rng, now, video } = opts;
  return {
    ...opts,
    at: (msAgo) => new Date(now - msAgo),
    after: (d) => new Date(d.getTime() + Math.floor(rng.next() * Math.max(0, now - d.getTime()))),
    videoOrThumb: (t) => (video ? VIDEO_URL : topicThumbUrl(t)),
  };
}

export interface DemoUser {
  id: number;
  name: string;
  username: string;
  gender: 'male' | 'female';
  city: City;
  lat: number | null;
  lng: number | null;
  createdAt: Date;
  deleted: boolean;
  suspended: boolean;
  dob: string;
}

export interface DemoPost {
  id: number;
  user: DemoUser;
  topic: Topic;
  createdAt: Date;
}
