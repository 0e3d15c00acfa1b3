import { describe, expect, it } from '@jest/globals';
import { runInContext } from 'node:vm';
import type { Config } from '@jest/types';
import VanillaContextEnvironment from './node-environment.js';

/** A project's configuration as Jest's Node environment reads it. */
const projectConfig = { testEnvironmentOptions: {}, globals: {}, fakeTimers: {} } as unknown as Config.ProjectConfig;

describe("the tests' Node environment", () => {
  it('runs each test file in a vanilla vm context, whose global object is the context itself', async () => {
    const environment = new VanillaContextEnvironment(
      { projectConfig, globalConfig: {} as Config.GlobalConfig },
      {
        console,
        docblockPragmas: {},
        testPath: import.meta.filename,
      },
    );
    const context = environment.getVmContext()!;
    // A contextified global (Jest's own) is another object than the one given, behind V8's interceptors.
    expect(runInContext('globalThis', context)).toBe(context);
    expect(runInContext('typeof Math.min + typeof setTimeout + typeof structuredClone', context)).toBe('functionfunctionfunction');
    await environment.teardown();
  });
});
