// What the api's two process-level suites (HTTP and resilience) share: TypeScript through swc, the
// contracts from their source, one file at a time (they share a database or load the machine).
module.exports = function apiSuite({ displayName, testMatch, testTimeout, setupFilesAfterEnv }) {
  return {
    displayName,
    rootDir: __dirname,
    testEnvironment: 'node',
    testMatch: [testMatch],
    transform: {
      '^.+\\.ts$': [
        '@swc/jest',
        { jsc: { parser: { syntax: 'typescript', decorators: false }, target: 'es2022' }, module: { type: 'commonjs' } },
      ],
    },
    moduleNameMapper: {
      '^@antiquarium/contracts$': '<rootDir>/../libs/contracts/src/index.ts',
      '^@antiquarium/contracts/validation$': '<rootDir>/../libs/contracts/src/validation.ts',
      '^@antiquarium/contracts/ttl-cache$': '<rootDir>/../libs/contracts/src/ttl-cache.ts',
      '^@antiquarium/testing/photos$': '<rootDir>/../libs/testing/src/photo-fixtures.ts',
      '^@antiquarium/testing/net$': '<rootDir>/../libs/testing/src/net.ts',
    },
    ...(setupFilesAfterEnv ? { setupFilesAfterEnv } : {}),
    testTimeout,
    maxWorkers: 1,
  };
};
