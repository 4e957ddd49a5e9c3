module.exports = {
  displayName: 'api',
  testEnvironment: 'node',
  roots: ['<rootDir>/src'],
  testMatch: ['**/*.spec.ts'],
  // ESM-only packages the api requires (Node 20.19+ loads them with require; jest needs them compiled).
  transformIgnorePatterns: ['/node_modules/(?!(thumbhash|@tus)/)'],
  transform: {
    '^.+\\.(ts|js)$': [
      '@swc/jest',
      {
        jsc: {
          parser: { syntax: 'typescript', decorators: true },
          transform: { legacyDecorator: true, decoratorMetadata: true },
          target: 'es2022',
        },
      },
    ],
  },
  moduleNameMapper: {
    '^@antiquarium/contracts$': '<rootDir>/../libs/contracts/src/index.ts',
    '^@antiquarium/contracts/validation$': '<rootDir>/../libs/contracts/src/validation.ts',
    '^@antiquarium/contracts/ttl-cache$': '<rootDir>/../libs/contracts/src/ttl-cache.ts',
    '^@antiquarium/testing/photos$': '<rootDir>/../libs/testing/src/photo-fixtures.ts',
    '^@antiquarium/testing/net$': '<rootDir>/../libs/testing/src/net.ts',
  },
};
