export { widgetsOf } from './service';
export { createSession, revokeOtherSessions } from './sessions';
