// The users module's services, one file per part; routes import them here (the bench: bench.ts).
export { createUser } from './create';
export { listAdminUsers, listUsers } from './list';
export { listReportedUsers } from './reported';
