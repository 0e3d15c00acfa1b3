// The child of runInPlainNode (plain-node.ts): imports the module asked for, calls the function with the arguments,
// sends back its answer or its error, and exits.
import { pathToFileURL } from 'node:url';

process.once('message', async ({ module, exportName, args }: { module: string; exportName: string; args: unknown[] }) => {
  try {
    const exports = (await import(pathToFileURL(module).href)) as Record<string, (...values: unknown[]) => unknown>;
    const value = await exports[exportName]!(...args);
    process.send!({ value }, () => process.exit(0));
  } catch (error) {
    process.send!({ error: error instanceof Error ? (error.stack ?? error.message) : String(error) }, () => process.exit(1));
  }
});
