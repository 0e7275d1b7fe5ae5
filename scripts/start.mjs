// `npm start`: builds what is missing or older than its sources (nothing on a second start), then
// runs the compiled server with plain node in this process. `npm run user-token` and
// `npm run admin-password` run the command line tools the same way.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ROOT, staleness, targets } from './build-lib.mjs';

const TOOLS = ['user-token', 'admin-password'];
const entry = TOOLS.includes(process.argv[2]) ? process.argv[2] : 'main';
const needed = entry === 'main' ? ['server', 'web'] : ['server'];
for (const name of needed) {
  const why = staleness(targets[name]);
  if (why) {
    console.error(`building the ${name} (${why === 'missing' ? 'not built yet' : 'sources changed'})...`);
    try {
      targets[name].build();
    } catch (err) {
      console.error(`${err.message}; the build tools come with \`npm install\` (dev dependencies).`);
      process.exit(1);
    }
  }
}
process.argv.splice(2, entry === 'main' ? 0 : 1);
process.setSourceMapsEnabled(true);
await import(pathToFileURL(path.join(ROOT, 'server/dist', `${entry}.js`)).href);
