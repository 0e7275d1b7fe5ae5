export { enrichmentValues } from './service';
