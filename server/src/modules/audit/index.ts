export { pruneAudit } from './service';
