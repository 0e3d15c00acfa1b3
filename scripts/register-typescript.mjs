// Lets Node run the project's TypeScript directly (`node --import ./scripts/register-typescript.mjs file.ts`),
// for quick scripts such as `npm run definitions:check` that should not wait for a build. Sources import each
// other with the '.js' extension that the compiled code needs; here such an import finds the '.ts' file, which
// SWC (already used by Jest) compiles in memory.
import { register } from 'node:module';

register('./typescript-hooks.mjs', import.meta.url);
