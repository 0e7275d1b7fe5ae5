// What bench/ times in this area (the statements a call runs, so the bench can run them bare
// beside the HTTP call). The bench imports a module only through this file.
export { followsSpec } from './service';
