// Colours of the generated pictures (cards, creatives, avatars).

export const PALETTES: readonly (readonly [string, string])[] = [
  ['#4f46e5', '#06b6d4'],
  ['#db2777', '#f59e0b'],
  ['#059669', '#84cc16'],
  ['#7c3aed', '#ec4899'],
  ['#0ea5e9', '#22d3ee'],
  ['#ea580c', '#facc15'],
  ['#0f766e', '#2dd4bf'],
  ['#be123c', '#fb7185'],
  ['#1d4ed8', '#60a5fa'],
  ['#4d7c0f', '#bef264'],
  ['#9333ea', '#c084fc'],
  ['#b45309', '#fcd34d'],
];

export const AVATAR_COLORS = [
  '#ef4444',
  '#f97316',
  '#f59e0b',
  '#84cc16',
  '#22c55e',
  '#14b8a6',
  '#06b6d4',
  '#3b82f6',
  '#6366f1',
  '#8b5cf6',
  '#a855f7',
  '#d946ef',
  '#ec4899',
  '#f43f5e',
  '#0f766e',
  '#1e40af',
] as const;
