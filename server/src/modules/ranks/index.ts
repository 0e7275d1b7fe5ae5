export { assertMayActOnGroup, assertMayActOnUser, assertMayCreate, assertMayGrant } from './service';
