module.exports = {
  displayName: 'api',
  testEnvironment: 'node',
  roots: ['<rootDir>/src'],
  testMatch: ['**/*.spec.ts'],
  transform: {
    '^.+\\.ts$': [
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
  },
};
