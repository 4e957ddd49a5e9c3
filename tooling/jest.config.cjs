// Tests of the workspace's own rules (the workspace description, lint boundaries):
// `npx jest -c tooling/jest.config.cjs`.
module.exports = {
  displayName: 'tooling',
  testEnvironment: 'node',
  roots: ['<rootDir>/lint', '<rootDir>/workspace', '<rootDir>/release', '<rootDir>/test-report', '<rootDir>/scripts'],
  transform: { '^.+\\.ts$': ['@swc/jest'] },
  // Each case runs ESLint over the workspace's real configuration in a child process.
  testTimeout: 60000,
};
