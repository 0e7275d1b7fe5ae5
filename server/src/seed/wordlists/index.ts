// Word lists the demo and scale seeds draw from, by area.
export * from './ads';
export * from './art';
export * from './messages';
export * from './operations';
export * from './people';
export * from './staff';
export * from './topics';
