export * from './access';
export * from './advertising';
export * from './audit';
export * from './chat';
export * from './content';
export * from './counts';
export * from './operations';
export * from './users';
