// What bench/ times in this area (the statements a call runs, so the bench can run them bare
// beside the HTTP call). The bench imports a module only through this file.
export { sessionQuery } from '../../sessions/resolver';
export { widgetsQuery } from './service';
export { createSession } from './sessions';
