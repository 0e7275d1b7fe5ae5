export { pruneExpired } from './service';
