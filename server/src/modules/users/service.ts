// The users module's services, one file per part; routes and the bench import them here.
export { createUser } from './create';
export { usersCsvSelect } from './csv';
export {
  listAdminUsers,
  listUsers,
  listUsersQueries,
  type UserListInput,
} from './list';
export { listReportedUsers } from './reported';
