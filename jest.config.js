// One jest config; the tier is chosen by file suffix (STYLE: .spec.ts unit, .int.spec.ts against a database).
const swc = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', decorators: true },
      transform: { legacyDecorator: true, decoratorMetadata: true },
      target: 'es2022',
    },
    module: { type: 'commonjs' },
  },
];
const map = {
  '^@tpl/contracts$': '<rootDir>/contracts/src/index.ts',
  '^@tpl/workflows$': '<rootDir>/workflows/src/index.ts',
  '^@tpl/event-store$': '<rootDir>/services/event-store/src/index.ts',
  '^@tpl/identity$': '<rootDir>/services/identity/src/index.ts',
  '^@tpl/transport$': '<rootDir>/services/transport/src/index.ts',
  '^@tpl/host$': '<rootDir>/services/host/src/index.ts',
};
const common = {
  rootDir: __dirname,
  transform: { '^.+\\.tsx?$': swc },
  moduleNameMapper: map,
  testEnvironment: 'node',
  modulePathIgnorePatterns: ['<rootDir>/.*/dist/'],
};
module.exports = {
  projects: [
    {
      ...common,
      displayName: 'unit',
      testMatch: ['<rootDir>/{contracts,workflows,services}/**/*.spec.ts', '<rootDir>/tests/unit/**/*.spec.ts'],
      testPathIgnorePatterns: ['\\.int\\.spec\\.ts$', '/node_modules/'],
    },
    {
      ...common,
      displayName: 'integration',
      testMatch: ['<rootDir>/{services,tests}/**/*.int.spec.ts'],
      testTimeout: 60000,
    },
  ],
};
