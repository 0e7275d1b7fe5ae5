// `npm run build`: the server bundle into server/dist/ and the web app into web/dist/.
// `npm run build -- server` (or web) builds one.
import { targets } from './build-lib.mjs';

const wanted = process.argv.slice(2);
for (const [name, target] of Object.entries(targets)) {
  if (wanted.length === 0 || wanted.includes(name)) {
    const start = Date.now();
    target.build();
    console.log(`built ${name} in ${((Date.now() - start) / 1000).toFixed(1)} s`);
  }
}
