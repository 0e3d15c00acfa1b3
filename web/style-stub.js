// Jest's stand-in for a stylesheet a component imports (Vite bundles the real one): the jsdom tests need no styles.
export {};
