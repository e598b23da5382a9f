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
// every @tpl package by its source index; the first pattern that matches wins
const map = {
  '^@tpl/contracts$': '<rootDir>/contracts/src/index.ts',
  '^@tpl/contracts/light$': '<rootDir>/contracts/src/light.ts',
  '^@tpl/workflows$': '<rootDir>/workflows/src/index.ts',
  // the kit's test kit (given / when / then over a type's decisions): specs only, never in dist
  '^@tpl/documents/test$': '<rootDir>/services/documents/test/index.ts',
  // every other is a service package, services/<name> (a new context needs no line here)
  '^@tpl/([^/]+)$': '<rootDir>/services/$1/src/index.ts',
  // the console names antd's ES modules (its locales load per language); node's jest reads their CommonJS twins
  '^antd/es/(.*)$': 'antd/lib/$1',
};
const common = {
  rootDir: __dirname,
  transform: { '^.+\\.tsx?$': swc, '^.+/node_modules/.+\\.js$': swc },
  moduleNameMapper: map,
  testEnvironment: 'node',
  // ESM-only packages pulled in by the host (Node 20's jest cannot require them): compile them to CommonJS
  transformIgnorePatterns: ['/node_modules/(?!(content-disposition|openid-client|oauth4webapi|jose|bpmnlint|min-dash|moddle|moddle-xml)/)'],
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
      setupFilesAfterEnv: ['<rootDir>/tests/support/jest-integration.setup.ts'],
    },
    {
      ...common,
      displayName: 'e2e',
      testMatch: ['<rootDir>/tests/e2e/**/*.e2e.spec.ts'],
      setupFilesAfterEnv: ['<rootDir>/tests/support/jest-e2e.setup.ts'],
    },
  ],
};
