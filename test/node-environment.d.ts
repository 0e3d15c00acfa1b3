import { TestEnvironment } from 'jest-environment-node';

/** test/node-environment.js: Jest's Node environment on a vanilla vm context. */
export default class VanillaContextEnvironment extends TestEnvironment {}
