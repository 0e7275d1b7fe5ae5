// Devices, failed links and signup codes.

export const FAILED_HOSTS: readonly (readonly [string, number])[] = [
  ['instagram.com', 14],
  ['tiktok.com', 12],
  ['facebook.com', 10],
  ['twitter.com', 7],
  ['x.com', 6],
  ['pinterest.com', 5],
  ['linkedin.com', 4],
  ['reddit.com', 4],
  ['nytimes.com', 3],
  ['wsj.com', 3],
  ['bloomberg.com', 2],
  ['medium.com', 2],
  ['fresnobee.com', 2],
  ['latimes.com', 2],
  ['etsy.com', 1],
  ['amazon.com', 1],
];

export const APP_VERSIONS = {
  android: ['3.6.0', '3.7.1', '3.8.0', '3.8.2', '3.9.0'],
  ios: ['3.6.2', '3.7.0', '3.7.2', '3.8.1', '3.9.0'],
} as const;

export const OS_VERSIONS = {
  android: ['Android 11', 'Android 12', 'Android 13', 'Android 14', 'Android 15'],
  ios: ['iOS 16.7', 'iOS 17.5', 'iOS 17.6', 'iOS 18.1', 'iOS 18.3'],
} as const;

export const SIGNUP_CODES = [
  'WELCOME2026',
  'FRESNO50',
  'VALLEYFRIENDS',
  'BULLDOGS',
  'SIERRA10',
  'CAMPUSLAUNCH',
  'BETA-TESTERS',
  'CREATORS',
  'SPRINGPROMO',
  'INVITE-ONLY',
  'LOCALBIZ',
  'EARLYBIRD',
] as const;
