// Jest's Node environment on a vanilla vm context. Jest gives each test file a vm context whose global object is
// "contextified" (a proxy behind V8 interceptors), where every read of a global (Math, Object, Array, JSON...) costs a
// few hundred times what it does in plain Node (nodejs/node#31658: 10 million Math.min calls take 4.6 s against 18 ms).
// Node's vm.constants.DONT_CONTEXTIFY (Node 22.8+) makes a context with an ordinary global object instead; Jest's
// environment is built unchanged on it. What is given up: Jest's tracking of globals a test file leaves behind, which
// each file's own context already discards.
import vm from 'node:vm';
import { TestEnvironment } from 'jest-environment-node';

export default class VanillaContextEnvironment extends TestEnvironment {
  constructor(config, context) {
    const createContext = vm.createContext;
    vm.createContext = () => createContext(vm.constants.DONT_CONTEXTIFY);
    try {
      super(config, context);
    } finally {
      vm.createContext = createContext;
    }
  }
}
